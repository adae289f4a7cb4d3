import { type Account, type AccountView, checkSignUp, emailBucketId, MAX_PASSWORD_LENGTH, toAccountView } from "../domain/account.ts";
import { toThrottleAddress } from "../domain/client-address.ts";
import { type DomainError, type InputIssue, invalidCredentials, invalidInput, signInRequired } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { type Session, sessionExpiresAt } from "../domain/session.ts";
import { changeAccount } from "./account-changes.ts";
import type { AccountSecurityDeps } from "./account-security-deps.ts";
import { holdAttempt } from "./attempt-limits.ts";
import { checkNewPassword } from "./new-password.ts";

/** What a password change and an account deletion need (every account-security dependency but passkeys'). */
export type PasswordCheckDeps = Omit<AccountSecurityDeps, "relyingParty">;

/** POST /auth/password. */
export interface ChangePasswordCommand {
  readonly account: Account;
  /** The session making the change: it stays signed in, every other one ends. */
  readonly session: Session;
  readonly currentPassword: unknown;
  readonly newPassword: unknown;
  readonly ip: string;
}

/**
 * Checks the account's password for a signed-in change, counted in sign-in's failed-password buckets: a stolen
 * session must not become a way around sign-in's limits to guess the password. Held up front (released when right),
 * for the reason sign-in holds it: a burst of concurrent guesses cannot all pass before the first failure counts.
 */
export async function checkCurrentPassword(
  deps: PasswordCheckDeps, account: Account, password: string, ip: string,
): Promise<Result<void, DomainError>> {
  const client = toThrottleAddress(ip);
  const bucket = emailBucketId(account.email);
  const held = await holdAttempt(deps.limits, [
    [`signin-fail:ip:${client}`, deps.attemptLimits.signInPerIp],
    [`signin-fail:acct-ip:${bucket}:${client}`, deps.attemptLimits.signInPerAccountAndIp],
    [`signin-fail:acct:${bucket}`, deps.attemptLimits.signInPerAccount],
  ]);
  if (!held.ok) return held;
  if (!(await deps.hasher.verify(password, account.passwordHash))) return err(invalidCredentials());
  await held.value.release();
  return ok(undefined);
}

/** The refusal of a password field that cannot be a password at all (not a string, or too long to hash). */
export function passwordFieldIssues(path: string, value: unknown): InputIssue[] {
  return typeof value === "string" && value !== "" && [...value].length <= MAX_PASSWORD_LENGTH
    ? [] : [{ path, message: `is required (at most ${MAX_PASSWORD_LENGTH} characters)` }];
}

const atPath = (issues: readonly InputIssue[], path: string): InputIssue[] => issues.map((issue) => ({ ...issue, path }));

/**
 * Sets a new password, knowing the current one, and ends every other session of the account on every instance while
 * this one stays: the current session is re-saved under the next epoch first (so it is never refused, even by a
 * request of its own running meanwhile), then the account's epoch is raised to it with the new password (one atomic
 * change, with its audit event and email notice), so every session opened before (of an older epoch) is refused at
 * its next request. Their records go too, as housekeeping.
 */
export class ChangePassword {
  constructor(private readonly deps: PasswordCheckDeps) {}

  async execute(cmd: ChangePasswordCommand): Promise<Result<AccountView, DomainError>> {
    const { deps } = this;
    const shape = [
      ...passwordFieldIssues("/currentPassword", cmd.currentPassword),
      ...atPath(checkSignUp(cmd.account.email, cmd.newPassword).filter((issue) => issue.path !== "/email"), "/newPassword"),
    ];
    if (shape.length > 0) return err(invalidInput(shape));
    const checked = await checkCurrentPassword(deps, cmd.account, cmd.currentPassword as string, cmd.ip);
    if (!checked.ok) return checked;
    const newPassword = cmd.newPassword as string;
    const weak = await checkNewPassword(deps.passwordRater, newPassword, cmd.account.email);
    if (weak.length > 0) return err(invalidInput(atPath(weak, "/newPassword")));
    const passwordHash = await deps.hasher.hash(newPassword);
    const epoch = (cmd.account.sessionEpoch ?? 0) + 1;
    // Ended meanwhile by another request (a sign-out, a revocation): it stays ended, and nothing changes.
    if (!(await this.keep(cmd.session, epoch))) return err(signInRequired());
    const restore = () => this.keep(cmd.session, cmd.session.epoch ?? 0);
    let update;
    try {
      // Only over the password that was checked: a reset or another change landing meanwhile wins, and this one is
      // refused as a wrong current password (which it now is).
      update = await changeAccount(deps, cmd.account, { type: "account.password_changed", email: "password_changed" }, (current) =>
        current.passwordHash === cmd.account.passwordHash
          ? { ...current, passwordHash, sessionEpoch: Math.max(current.sessionEpoch ?? 0, epoch) }
          : undefined);
    } catch (error) {
      // Left ahead of the account, the session would outlive the next reset (which raises the epoch by one).
      await restore().catch(() => {});
      throw error;
    }
    if (!update || update.after === update.before) {
      await restore();
      return err(invalidCredentials());
    }
    for (const other of await deps.sessions.listByAccount(cmd.account.id)) {
      if (other.id !== cmd.session.id) await deps.sessions.delete(other.id);
    }
    return ok(toAccountView(update.after));
  }

  /** Moves the session to `epoch`, with its own expiry; false when it is no longer stored (ended meanwhile). */
  private async keep(session: Session, epoch: number): Promise<boolean> {
    const kept = await this.deps.sessions.update(session.id, (current) => ({ ...current, epoch }), (changed) => sessionExpiresAt(changed, this.deps.sessionPolicy));
    return kept !== undefined;
  }
}
