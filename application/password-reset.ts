import { type Account, type AccountView, checkSignUp, emailBucketId, isEmail, normalizeEmail, toAccountView } from "../domain/account.ts";
import {
  accountIdOfResetToken, passwordFingerprint, RESET_TOKEN_TTL_MS, readResetRecord, resetTokenKey, resetTokenOf, sameDigest,
} from "../domain/account-tokens.ts";
import { toThrottleAddress } from "../domain/client-address.ts";
import { passwordResetEmail } from "../domain/emails.ts";
import { type DomainError, invalidInput, notFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { changeAccount } from "./account-changes.ts";
import type { AccountSecurityDeps } from "./account-security-deps.ts";
import { countAttempt, DEFAULT_ATTEMPT_LIMITS } from "./attempt-limits.ts";
import { checkNewPassword } from "./new-password.ts";
import { emailItem } from "./outbox-items.ts";
import { newToken } from "./random-ids.ts";

/** What a reset request and its confirmation need (every account-security dependency but passkeys'). */
export type PasswordResetDeps = Omit<AccountSecurityDeps, "relyingParty">;

/** POST /auth/password-reset. */
export interface RequestPasswordResetCommand {
  readonly email: unknown;
  /** The client address, for the per-address limit (an IPv6 address counts as its /64). */
  readonly ip: string;
}

/**
 * Emails a one-time link (1 hour) to reset the password of the account with this email. Answers the same whether or
 * not one exists: an unknown address writes a decoy record of the same shape, so both paths do the same storage work,
 * and both count in the same throttles (a 429 says nothing about the address either).
 */
export class RequestPasswordReset {
  constructor(private readonly deps: PasswordResetDeps) {}

  async execute(cmd: RequestPasswordResetCommand): Promise<Result<void, DomainError>> {
    const { deps } = this;
    if (typeof cmd.email !== "string" || !isEmail(normalizeEmail(cmd.email))) {
      return err(invalidInput([{ path: "/email", message: "must be an email address such as ada@example.com" }]));
    }
    const email = normalizeEmail(cmd.email);
    const limits = deps.attemptLimits;
    const allowed = await countAttempt(deps.limits, [
      [`reset:ip:${toThrottleAddress(cmd.ip)}`, limits.passwordResetPerIp ?? DEFAULT_PER_IP],
      [`reset:email:${emailBucketId(email)}`, limits.passwordResetPerEmail ?? DEFAULT_PER_EMAIL],
    ]);
    if (!allowed.ok) return allowed;
    const account = await deps.accounts.findByEmail(email);
    const now = deps.clock.now();
    const expiresAt = now + RESET_TOKEN_TTL_MS;
    // The decoy names no account and a fingerprint no password has: it can never be taken as a reset.
    const token = resetTokenOf(account?.id ?? "acct_decoy", newToken(deps.secrets));
    const record = { accountId: account?.id ?? "", fingerprint: account ? passwordFingerprint(account.passwordHash) : "", expiresAt };
    await deps.tokens.put(resetTokenKey(token), JSON.stringify(record), RESET_TOKEN_TTL_MS);
    if (account && deps.links) {
      const message = passwordResetEmail({ to: account.email, resetUrl: deps.links.resetPassword(token), expiresAt });
      await deps.outbox?.add([emailItem(deps.secrets, message, now)]);
    }
    return ok(undefined);
  }
}

const DEFAULT_PER_IP = DEFAULT_ATTEMPT_LIMITS.passwordResetPerIp ?? { limit: 20, windowMs: 3_600_000 };
const DEFAULT_PER_EMAIL = DEFAULT_ATTEMPT_LIMITS.passwordResetPerEmail ?? { limit: 5, windowMs: 3_600_000 };
const DEFAULT_CONFIRM_PER_IP = DEFAULT_ATTEMPT_LIMITS.passwordResetConfirmPerIp ?? { limit: 30, windowMs: 900_000 };

/** POST /auth/password-reset/confirm. */
export interface ConfirmPasswordResetCommand {
  readonly token: unknown;
  readonly password: unknown;
  readonly ip: string;
}

/** One answer for every link that does not work. */
export const unusableResetLink = (): DomainError =>
  notFound("This password reset link does not work: it is unknown, used or expired, or the password changed since. Ask for a new one.");

/**
 * Sets a new password with a reset link: the password is checked first (a refused one leaves the link usable), then
 * the link is spent atomically (of concurrent confirmations exactly one wins). The reset proves the mailbox, so the
 * email counts as verified; it raises the session epoch, which ends every session of the account on every instance
 * at its next request. An account unverified until then may have been made by someone else with the owner's
 * address: its second factors go too, so the owner takes the address back whole.
 */
export class ConfirmPasswordReset {
  constructor(private readonly deps: PasswordResetDeps) {}

  async execute(cmd: ConfirmPasswordResetCommand): Promise<Result<AccountView, DomainError>> {
    const { deps } = this;
    const shape = checkSignUp("shape@example.com", cmd.password);
    if (shape.length > 0) return err(invalidInput(shape));
    const accountId = accountIdOfResetToken(cmd.token);
    if (!accountId) return err(unusableResetLink());
    const allowed = await countAttempt(deps.limits, [
      [`reset-confirm:ip:${toThrottleAddress(cmd.ip)}`, deps.attemptLimits.passwordResetConfirmPerIp ?? DEFAULT_CONFIRM_PER_IP],
    ]);
    if (!allowed.ok) return allowed;
    const password = cmd.password as string;
    const named = await deps.accounts.findById(accountId);
    const weak = await checkNewPassword(deps.passwordRater, password, named?.email ?? "");
    if (weak.length > 0) return err(invalidInput(weak));
    const raw = await deps.tokens.take(resetTokenKey(cmd.token as string));
    const record = raw === undefined ? undefined : readResetRecord(raw);
    if (!record || record.accountId !== accountId || record.expiresAt <= deps.clock.now()) return err(unusableResetLink());
    if (!named || !sameDigest(passwordFingerprint(named.passwordHash), record.fingerprint)) return err(unusableResetLink());
    const passwordHash = await deps.hasher.hash(password);
    const update = await changeAccount(deps, named, { type: "account.password_reset", email: "password_reset" }, (current) =>
      sameDigest(passwordFingerprint(current.passwordHash), record.fingerprint) ? resetAccount(current, passwordHash) : undefined);
    if (!update || update.after === update.before) return err(unusableResetLink());
    return ok(toAccountView(update.after));
  }
}

/** The account after a reset: new password, proved address, every session ended, a squatter's second factors gone. */
export function resetAccount(current: Account, passwordHash: string): Account {
  const next: Account = { ...current, passwordHash, emailVerified: true, sessionEpoch: (current.sessionEpoch ?? 0) + 1 };
  if (current.emailVerified === true) return next;
  const { totp: _totp, totpPending: _pending, recoveryCodeHashes: _codes, passkeys: _passkeys, ...rest } = next;
  return rest;
}
