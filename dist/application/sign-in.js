import { checkSignIn, emailBucketId, normalizeEmail } from "../domain/account.js";
import { invalidCredentials, invalidInput } from "../domain/errors.js";
import { err, ok } from "../domain/result.js";
import { hashSessionToken } from "../domain/session.js";
import { checkFailures, recordFailure } from "./attempt-limits.js";
import { SerialQueue } from "./serial-queue.js";
import { ensurePersonalWorkspace } from "./open-session.js";
import { startSignedIn } from "./sign-up.js";
/**
 * Checks an email and password and opens a new session. A wrong email and a wrong password give the same error
 * after the same work: an unknown email is checked against a dummy hash, so timing does not tell them apart.
 */
export class SignIn {
    deps;
    dummyHash;
    serial = new SerialQueue();
    constructor(deps) {
        this.deps = deps;
        // Made now, so even the first unknown-email sign-in costs one KDF run, like any other.
        this.dummy().catch(() => { });
    }
    async execute(cmd) {
        const { accounts, hasher, limits, attemptLimits } = this.deps;
        const issues = checkSignIn(cmd.email, cmd.password);
        if (issues.length > 0)
            return err(invalidInput(issues));
        const email = normalizeEmail(cmd.email);
        const password = cmd.password;
        const failures = [
            [`signin-fail:ip:${cmd.ip}`, attemptLimits.signInPerIp],
            [`signin-fail:acct-ip:${emailBucketId(email)}:${cmd.ip}`, attemptLimits.signInPerAccountAndIp],
        ];
        // One attempt at a time per account and address in this process, so a burst of concurrent guesses cannot
        // all pass the check before the first failure is counted.
        return this.serial.run(`${emailBucketId(email)}:${cmd.ip}`, async () => {
            const allowed = await checkFailures(limits, failures);
            if (!allowed.ok)
                return allowed;
            const account = await accounts.findByEmail(email);
            const matches = await hasher.verify(password, account?.passwordHash ?? (await this.dummy()));
            if (!account || !matches) {
                await recordFailure(limits, failures);
                return err(invalidCredentials());
            }
            return ok(await this.open(account, cmd.previousToken));
        });
    }
    async open(account, previousToken) {
        if (previousToken)
            await this.deps.sessions.delete(hashSessionToken(previousToken));
        const workspace = await ensurePersonalWorkspace(this.deps, account);
        return startSignedIn(this.deps, account, workspace);
    }
    /** A hash made with the current parameters, so verifying against it costs what a real verification costs. */
    dummy() {
        this.dummyHash ??= this.deps.hasher.hash(`dummy-${Buffer.from(this.deps.secrets.randomBytes(16)).toString("hex")}`);
        return this.dummyHash;
    }
}
