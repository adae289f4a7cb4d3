import { type Account, type AccountView, normalizeEmail, toAccountView } from "../domain/account.ts";
import {
  isVerificationToken, readVerificationRecord, VERIFICATION_TOKEN_TTL_MS, verificationTokenKey,
} from "../domain/account-tokens.ts";
import { verificationEmail } from "../domain/emails.ts";
import { type DomainError, notFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { AccountChangeDeps } from "./account-changes.ts";
import { countAttempt, DEFAULT_ATTEMPT_LIMITS, type AttemptLimits } from "./attempt-limits.ts";
import type { FlashStore, RateLimitStore } from "./ports.ts";
import { emailItem } from "./outbox-items.ts";
import { newToken } from "./random-ids.ts";

/** What sending and confirming a verification link need. */
export interface EmailVerificationDeps extends AccountChangeDeps {
  readonly tokens: FlashStore;
  readonly limits: RateLimitStore;
  readonly attemptLimits: AttemptLimits;
}

/** Whether a link was sent (false: the address is already verified, or no link can be made without PUBLIC_URL). */
export interface VerificationSent {
  readonly sent: boolean;
}

const DEFAULT_PER_ACCOUNT = DEFAULT_ATTEMPT_LIMITS.verificationPerAccount ?? { limit: 5, windowMs: 3_600_000 };

/**
 * Writes a verification link's record (24 hours, one use), bound to the account and the address it goes to, and
 * queues its email. Nothing without links (no PUBLIC_URL): a link must never come from a request's Host.
 */
export async function sendVerificationLink(deps: Omit<EmailVerificationDeps, "limits" | "attemptLimits">, account: Account): Promise<boolean> {
  if (!deps.links || account.emailVerified === true) return false;
  const token = newToken(deps.secrets);
  const now = deps.clock.now();
  const expiresAt = now + VERIFICATION_TOKEN_TTL_MS;
  const record = { accountId: account.id, email: normalizeEmail(account.email), expiresAt };
  await deps.tokens.put(verificationTokenKey(token), JSON.stringify(record), VERIFICATION_TOKEN_TTL_MS);
  const message = verificationEmail({ to: account.email, verifyUrl: deps.links.verifyEmail(token), expiresAt });
  await deps.outbox?.add([emailItem(deps.secrets, message, now)]);
  return true;
}

/** POST /auth/email-verification: a new link to the signed-in account's address; at most 5 an hour per account. */
export class SendEmailVerification {
  constructor(private readonly deps: EmailVerificationDeps) {}

  async execute(cmd: { readonly account: Account }): Promise<Result<VerificationSent, DomainError>> {
    const { deps } = this;
    if (cmd.account.emailVerified === true) return ok({ sent: false });
    const allowed = await countAttempt(deps.limits, [[`verify:acct:${cmd.account.id}`, deps.attemptLimits.verificationPerAccount ?? DEFAULT_PER_ACCOUNT]]);
    if (!allowed.ok) return allowed;
    return ok({ sent: await sendVerificationLink(deps, cmd.account) });
  }
}

/** One answer for every verification link that does not work. */
export const unusableVerificationLink = (): DomainError =>
  notFound("This verification link does not work: it is unknown, used or expired, or the account's email changed. Ask for a new one.");

/**
 * POST /auth/email-verification/confirm: spends the link atomically (of concurrent confirmations exactly one wins)
 * and marks the address verified, if the account still has the address the link was sent to.
 */
export class ConfirmEmailVerification {
  constructor(private readonly deps: EmailVerificationDeps) {}

  async execute(cmd: { readonly token: unknown }): Promise<Result<AccountView, DomainError>> {
    const { deps } = this;
    if (!isVerificationToken(cmd.token)) return err(unusableVerificationLink());
    const raw = await deps.tokens.take(verificationTokenKey(cmd.token));
    const record = raw === undefined ? undefined : readVerificationRecord(raw);
    if (!record || record.expiresAt <= deps.clock.now()) return err(unusableVerificationLink());
    const sentTo = (current: Account) => normalizeEmail(current.email) === record.email;
    const update = await deps.accounts.update(record.accountId, (current) =>
      sentTo(current) ? (current.emailVerified === true ? current : { ...current, emailVerified: true }) : undefined);
    if (!update || !sentTo(update.after)) return err(unusableVerificationLink());
    return ok(toAccountView(update.after));
  }
}
