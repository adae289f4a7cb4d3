import { type Account, checkSignIn, emailBucketId, normalizeEmail } from "../domain/account.ts";
import { type DomainError, invalidCredentials, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { hashSessionToken } from "../domain/session.ts";
import { toThrottleAddress } from "../domain/client-address.ts";
import { holdAttempt } from "./attempt-limits.ts";
import { ensurePersonalWorkspace } from "./open-session.ts";
import { type SignedIn, type SignUpDeps, startSignedIn } from "./sign-up.ts";

export interface SignInCommand {
  readonly email: unknown;
  readonly password: unknown;
  /** The client address, for the per-address attempt limits (an IPv6 address counts as its /64). */
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
    const client = toThrottleAddress(cmd.ip);
    const account = emailBucketId(email);
    // Counted before the password is checked (and given back when it is right): a burst of concurrent guesses, on any
    // number of instances, cannot all pass the check before the first failure is counted.
    const held = await holdAttempt(limits, [
      [`signin-fail:ip:${client}`, attemptLimits.signInPerIp],
      [`signin-fail:acct-ip:${account}:${client}`, attemptLimits.signInPerAccountAndIp],
      [`signin-fail:acct:${account}`, attemptLimits.signInPerAccount],
    ]);
    if (!held.ok) return held;
    const found = await accounts.findByEmail(email);
    const matches = await hasher.verify(password, found?.passwordHash ?? (await this.dummy()));
    if (!found || !matches) return err(invalidCredentials());
    await held.value.release();
    return ok(await this.open(found, cmd.previousToken));
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
