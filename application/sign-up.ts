import { type Account, type AccountView, checkSignUp, normalizeEmail, toAccountView } from "../domain/account.ts";
import { conflict, type DomainError, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { hashSessionToken, type SessionPolicy } from "../domain/session.ts";
import { toWorkspaceView, type Workspace, type WorkspaceView } from "../domain/workspace.ts";
import { toThrottleAddress } from "../domain/client-address.ts";
import { type AttemptLimits, countAttempt } from "./attempt-limits.ts";
import { checkNewPassword } from "./new-password.ts";
import { ensurePersonalWorkspace, type OpenSessionDeps, openSession } from "./open-session.ts";
import type { AccountStore, Clock, PasswordHasher, PasswordRater, RateLimitStore, SecretSource, SessionStore, WorkspaceStore } from "./ports.ts";
import { newId } from "./random-ids.ts";

export interface SignUpCommand {
  readonly email: unknown;
  readonly password: unknown;
  /** The client address, for the per-address attempt limit (an IPv6 address counts as its /64). */
  readonly ip: string;
  /** The token of a session the client already holds: it is destroyed (the new one replaces it). */
  readonly previousToken?: string;
  /** The client's User-Agent, shown in the sessions list. */
  readonly userAgent?: string;
}

/** What sign-up and sign-in return: the account, its current workspace, and the new session's tokens. */
export interface SignedIn {
  readonly account: AccountView;
  readonly workspace: WorkspaceView;
  /** The session token, for the cookie only: returned once, stored as a hash. */
  readonly token: string;
  readonly csrfToken: string;
  /** How long the cookie may live: the absolute session lifetime (idle expiry is enforced server-side). */
  readonly maxAgeMs: number;
}

export interface SignUpDeps {
  readonly accounts: AccountStore;
  readonly workspaces: WorkspaceStore;
  readonly sessions: SessionStore;
  readonly hasher: PasswordHasher;
  /** Estimates new passwords' strength (too easy to guess: 422). */
  readonly passwordRater: PasswordRater;
  readonly limits: RateLimitStore;
  readonly secrets: SecretSource;
  readonly clock: Clock;
  readonly sessionPolicy: SessionPolicy;
  readonly attemptLimits: AttemptLimits;
  /** Runs once a new account is stored: sends its first verification link (application/email-verification.ts). */
  readonly onSignedUp?: (account: Account) => Promise<unknown>;
}

/** Creates an account with a personal workspace and signs it in. */
export class SignUp {
  constructor(private readonly deps: SignUpDeps) {}

  async execute(cmd: SignUpCommand): Promise<Result<SignedIn, DomainError>> {
    const { accounts, hasher, clock, limits, attemptLimits } = this.deps;
    const issues = checkSignUp(cmd.email, cmd.password);
    if (issues.length > 0) return err(invalidInput(issues));
    const email = normalizeEmail(cmd.email as string);
    // Counted before the strength estimate and the KDF, the costly steps; a refused password counts as an attempt.
    const allowed = await countAttempt(limits, [[`signup:ip:${toThrottleAddress(cmd.ip)}`, attemptLimits.signUpPerIp]]);
    if (!allowed.ok) return allowed;
    const weak = await checkNewPassword(this.deps.passwordRater, cmd.password as string, email);
    if (weak.length > 0) return err(invalidInput(weak));
    // Checked before hashing so a taken email costs no KDF run; create() re-checks against a race.
    if (await accounts.findByEmail(email)) return err(emailTaken());
    const account: Account = {
      id: newId(this.deps.secrets, "acct"),
      email,
      passwordHash: await hasher.hash(cmd.password as string),
      createdAt: clock.now(),
    };
    if (!(await accounts.create(account))) return err(emailTaken());
    const workspace = await ensurePersonalWorkspace(this.deps, account);
    await this.deps.onSignedUp?.(account);
    if (cmd.previousToken) await this.deps.sessions.delete(hashSessionToken(cmd.previousToken));
    return ok(await startSignedIn(this.deps, account, workspace, cmd.userAgent));
  }
}

/** Opens the session and shapes the answer shared by sign-up and sign-in. */
export async function startSignedIn(deps: OpenSessionDeps, account: Account, workspace: Workspace, userAgent?: string): Promise<SignedIn> {
  const issued = await openSession(deps, account, workspace.id, userAgent);
  return {
    account: toAccountView(account),
    workspace: toWorkspaceView(workspace),
    token: issued.token,
    csrfToken: issued.session.csrfToken,
    maxAgeMs: deps.sessionPolicy.absoluteMs,
  };
}

const emailTaken = (): DomainError => conflict("An account with this email already exists.");
