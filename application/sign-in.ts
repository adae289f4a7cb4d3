import { type Account, checkSignIn, emailBucketId, normalizeEmail } from "../domain/account.ts";
import { type DomainError, invalidCredentials, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { hashSessionToken } from "../domain/session.ts";
import { checkFailures, type FailureBucket, recordFailure } from "./attempt-limits.ts";
import { SerialQueue } from "./serial-queue.ts";
import { ensurePersonalWorkspace } from "./open-session.ts";
import { type SignedIn, type SignUpDeps, startSignedIn } from "./sign-up.ts";

export interface SignInCommand {
  readonly email: unknown;
  readonly password: unknown;
  /** The client address, for the per-address attempt limit. */
  readonly ip: string;
  /** The token of a session the client already holds: it is destroyed, so sign-in always rotates the token. */
  readonly previousToken?: string;
}

/**
 * Checks an email and password and opens a new session. A wrong email and a wrong password give the same error
 * after the same work: an unknown email is checked against a dummy hash, so timing does not tell them apart.
 */
export class SignIn {
  private dummyHash: Promise<string> | undefined;
  private readonly serial = new SerialQueue();

  constructor(private readonly deps: SignUpDeps) {
    // Made now, so even the first unknown-email sign-in costs one KDF run, like any other.
    this.dummy().catch(() => {});
  }

  async execute(cmd: SignInCommand): Promise<Result<SignedIn, DomainError>> {
    const { accounts, hasher, limits, attemptLimits } = this.deps;
    const issues = checkSignIn(cmd.email, cmd.password);
    if (issues.length > 0) return err(invalidInput(issues));
    const email = normalizeEmail(cmd.email as string);
    const password = cmd.password as string;
    const failures: FailureBucket[] = [
      [`signin-fail:ip:${cmd.ip}`, attemptLimits.signInPerIp],
      [`signin-fail:acct-ip:${emailBucketId(email)}:${cmd.ip}`, attemptLimits.signInPerAccountAndIp],
    ];
    // One attempt at a time per account and address in this process, so a burst of concurrent guesses cannot
    // all pass the check before the first failure is counted.
    return this.serial.run(`${emailBucketId(email)}:${cmd.ip}`, async () => {
      const allowed = await checkFailures(limits, failures);
      if (!allowed.ok) return allowed;
      const account = await accounts.findByEmail(email);
      const matches = await hasher.verify(password, account?.passwordHash ?? (await this.dummy()));
      if (!account || !matches) {
        await recordFailure(limits, failures);
        return err(invalidCredentials());
      }
      return ok(await this.open(account, cmd.previousToken));
    });
  }

  private async open(account: Account, previousToken: string | undefined): Promise<SignedIn> {
    if (previousToken) await this.deps.sessions.delete(hashSessionToken(previousToken));
    const workspace = await ensurePersonalWorkspace(this.deps, account);
    return startSignedIn(this.deps, account, workspace);
  }

  /** A hash made with the current parameters, so verifying against it costs what a real verification costs. */
  private dummy(): Promise<string> {
    this.dummyHash ??= this.deps.hasher.hash(`dummy-${Buffer.from(this.deps.secrets.randomBytes(16)).toString("hex")}`);
    return this.dummyHash;
  }
}
