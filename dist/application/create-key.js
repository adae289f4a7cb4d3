import { composeSecret, displayPrefix, ENVIRONMENTS, hashSecret, toBase62, toKeySummary, } from "../domain/api-key.js";
import { invalidInput } from "../domain/errors.js";
import { toPolicy } from "../domain/rate-limit.js";
import { err, ok } from "../domain/result.js";
export const MAX_KEY_NAME_LENGTH = 64;
/** Mints a key: a CSPRNG secret that is returned once; only its SHA-256 is stored. */
export class CreateKey {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const checked = this.check(cmd);
        if (!checked.ok)
            return checked;
        const { name, env, policy } = checked.value;
        const secret = composeSecret(env, this.randomBody());
        const key = {
            id: `key_${this.randomId()}`,
            name,
            env,
            prefix: displayPrefix(secret),
            secretHash: hashSecret(secret),
            status: "active",
            policy,
            workspaceId: cmd.workspaceId ?? null,
            createdAt: this.deps.clock.now(),
            lastUsedAt: null,
            revokedAt: null,
        };
        await this.deps.keys.save(key);
        return ok({ key: toKeySummary(key), secret });
    }
    check(cmd) {
        const issues = [];
        const name = typeof cmd.name === "string" ? cmd.name.trim() : "";
        if (name.length < 1 || name.length > MAX_KEY_NAME_LENGTH) {
            issues.push({ path: "/name", message: `must be 1 to ${MAX_KEY_NAME_LENGTH} characters` });
        }
        const env = ENVIRONMENTS.find((candidate) => candidate === cmd.env);
        if (!env)
            issues.push({ path: "/env", message: `must be one of ${ENVIRONMENTS.join(", ")}` });
        const fallback = this.deps.defaultPolicy;
        const policy = toPolicy(cmd.limit ?? fallback.limit, cmd.windowSeconds ?? fallback.windowMs / 1000);
        if (!policy)
            issues.push({ path: "/limit", message: "limit must be 1 to 10^9 and the window 1 to 86400 seconds" });
        if (issues.length > 0 || !env || !policy)
            return err(invalidInput(issues));
        return ok({ name, env, policy });
    }
    randomBody() {
        for (;;) {
            const body = toBase62(this.deps.secrets.randomBytes(64), 32);
            if (body)
                return body;
        }
    }
    randomId() {
        for (;;) {
            const id = toBase62(this.deps.secrets.randomBytes(32), 16);
            if (id)
                return id;
        }
    }
}
