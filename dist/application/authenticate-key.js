import { hashSecret, isActive, isSameHash, parseSecret } from "../domain/api-key.js";
import { unauthorized } from "../domain/errors.js";
import { err, ok } from "../domain/result.js";
/** How stale `lastUsedAt` may get: writing it on every request would cost a storage write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** Finds the active key of this deployment's environment that a secret belongs to. */
export class AuthenticateKey {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const { keys, clock, env } = this.deps;
        if (!cmd.secret)
            return err(unauthorized("missing"));
        const parsed = parseSecret(cmd.secret);
        if (!parsed.ok)
            return err(unauthorized(parsed.reason));
        if (parsed.env !== env)
            return err(unauthorized("environment"));
        const secretHash = hashSecret(cmd.secret);
        const key = await keys.findByHash(secretHash);
        if (!key || !isSameHash(key.secretHash, secretHash))
            return err(unauthorized("unknown"));
        if (!isActive(key))
            return err(unauthorized("revoked"));
        if (key.env !== env)
            return err(unauthorized("environment"));
        const now = clock.now();
        if (key.lastUsedAt === null || now - key.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
            await this.touch(key.id, now);
        }
        return ok(key);
    }
    /** Re-reads before writing so a revocation made meanwhile is never overwritten. */
    async touch(id, now) {
        const current = await this.deps.keys.findById(id);
        if (current && isActive(current))
            await this.deps.keys.save({ ...current, lastUsedAt: now });
    }
}
