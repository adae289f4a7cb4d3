import { checkSignUp, normalizeEmail, toAccountView } from "../domain/account.js";
import { conflict, invalidInput } from "../domain/errors.js";
import { err, ok } from "../domain/result.js";
import { hashSessionToken } from "../domain/session.js";
import { toWorkspaceView } from "../domain/workspace.js";
import { countAttempt } from "./attempt-limits.js";
import { ensurePersonalWorkspace, openSession } from "./open-session.js";
import { newId } from "./random-ids.js";
/** Creates an account with a personal workspace and signs it in. */
export class SignUp {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const { accounts, hasher, clock, limits, attemptLimits } = this.deps;
        const issues = checkSignUp(cmd.email, cmd.password);
        if (issues.length > 0)
            return err(invalidInput(issues));
        const email = normalizeEmail(cmd.email);
        const allowed = await countAttempt(limits, [[`signup:ip:${cmd.ip}`, attemptLimits.signUpPerIp]]);
        if (!allowed.ok)
            return allowed;
        // Checked before hashing so a taken email costs no KDF run; create() re-checks against a race.
        if (await accounts.findByEmail(email))
            return err(emailTaken());
        const account = {
            id: newId(this.deps.secrets, "acct"),
            email,
            passwordHash: await hasher.hash(cmd.password),
            createdAt: clock.now(),
        };
        if (!(await accounts.create(account)))
            return err(emailTaken());
        const workspace = await ensurePersonalWorkspace(this.deps, account);
        if (cmd.previousToken)
            await this.deps.sessions.delete(hashSessionToken(cmd.previousToken));
        return ok(await startSignedIn(this.deps, account, workspace));
    }
}
/** Opens the session and shapes the answer shared by sign-up and sign-in. */
export async function startSignedIn(deps, account, workspace) {
    const issued = await openSession(deps, account.id, workspace.id);
    return {
        account: toAccountView(account),
        workspace: toWorkspaceView(workspace),
        token: issued.token,
        csrfToken: issued.session.csrfToken,
        maxAgeMs: deps.sessionPolicy.absoluteMs,
    };
}
const emailTaken = () => conflict("An account with this email already exists.");
