import { type Account, checkSignIn, emailBucketId, normalizeEmail } from "../domain/account.ts";
import { type DomainError, invalidCredentials, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { hashSessionToken } from "../domain/session.ts";
import { toThrottleAddress } from "../domain/client-address.ts";
import { holdAttempt } from "./attempt-limits.ts";
import { issueMfaChallenge, type MfaChallenge } from "./mfa-challenge.ts";
import type { FlashStore } from "./ports.ts";
import { ensurePersonalWorkspace } from "./open-session.ts";
import { type SignedIn, type SignUpDeps, startSignedIn } from "./sign-up.ts";

export interface SignInCommand {
  readonly email: unknown;
  readonly password: unknown;
  /** The client address, for the per-address attempt limits (an IPv6 address counts as its /64). */
  readonly ip: string;
  /** The token of a session the client already holds: it is destroyed, so sign-in always rotates the token. */
  readonly previousToken?: string;
  /** The client's User-Agent, shown in the sessions list. */
  readonly userAgent?: string;
}

/**
 * Opens the session of an account whose sign-in succeeded (password, second factor or passkey): the client's previous
 * session is destroyed first, so a sign-in always rotates the token.
 */
export async function openSignedIn(
  deps: SignUpDeps, account: Account, client: { readonly previousToken?: string; readonly userAgent?: string },
): Promise<SignedIn> {
  if (client.previousToken) await deps.sessions.delete(hashSessionToken(client.previousToken));
  const workspace = await ensurePersonalWorkspace(deps, account);
  return startSignedIn(deps, account, workspace, client.userAgent);
}

/** What SignIn needs: sign-up's dependencies and the one-time store that keeps second-step (mfa) tokens. */
export interface SignInDeps extends SignUpDeps {
  readonly tokens: FlashStore;
}

/** A password sign-in's outcome: signed in, or (TOTP on) a second step to take with an mfaToken. */
export type SignInOutcome = ({ readonly kind: "signed-in" } & SignedIn) | MfaChallenge;

/**
 * Checks an email and password and opens a new session, or, when the account has TOTP on, only starts the second
 * step (POST /auth/sign-in/totp): no session until the code is right. A wrong email and a wrong password give the same error
 * after the same work: an unknown email is checked against a dummy hash, so timing does not tell them apart.
 */
export class SignIn {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: SignInDeps) {
    // Made now, so even the first unknown-email sign-in costs one KDF run, like any other.
    this.dummy().catch(() => {});
  }

  async execute(cmd: SignInCommand): Promise<Result<SignInOutcome, DomainError>> {
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
    if (found.totp) return ok(await issueMfaChallenge(this.deps, found));
    return ok({ kind: "signed-in", ...(await openSignedIn(this.deps, found, cmd)) });
  }

  /** A hash made with the current parameters, so verifying against it costs what a real verification costs. */
  private dummy(): Promise<string> {
    this.dummyHash ??= this.deps.hasher.hash(`dummy-${Buffer.from(this.deps.secrets.randomBytes(16)).toString("hex")}`);
    return this.dummyHash;
  }
}
