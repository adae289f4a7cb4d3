import { type DomainError, invalidCredentials, invalidInput, rateLimited } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { MFA_MAX_TRIES, mfaTokenKey, readMfaRecord } from "../domain/totp.ts";
import { openSignedIn } from "./sign-in.ts";
import type { SignedIn } from "./sign-up.ts";
import { wrongCode } from "./totp.ts";
import { readCodeField, spendSecondFactor, type TwoFactorDeps } from "./two-factor.ts";

export interface SignInWithTotpCommand {
  readonly mfaToken: unknown;
  readonly code: unknown;
  /** As for SignIn: a session the client already holds is destroyed. */
  readonly previousToken?: string;
  readonly userAgent?: string;
}

/** An mfaToken that is unknown, expired, used, or voided by a password change: sign in again. */
export const mfaExpired = (): DomainError => ({ ...invalidCredentials(), message: "This sign-in has expired. Sign in with your password again." });

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /auth/sign-in/totp: the second step. The token's record is taken (atomic: of concurrent tries exactly one
 * holds it) and put back with one more wrong try, so no more than MFA_MAX_TRIES codes are ever checked per token on
 * any number of instances; past them, 429 until it expires. A right code (TOTP, once; or a recovery code, removed)
 * opens the session as sign-in does.
 */
export class SignInWithTotp {
  constructor(private readonly deps: TwoFactorDeps) {}

  async execute(cmd: SignInWithTotpCommand): Promise<Result<SignedIn, DomainError>> {
    const { deps } = this;
    const field = readCodeField(cmd.code);
    const missingToken = typeof cmd.mfaToken !== "string" || cmd.mfaToken === "";
    if (missingToken || !field.ok) {
      const issues = [
        ...(missingToken ? [{ path: "/mfaToken", message: "is required: the mfaToken the password sign-in answered" }] : []),
        ...(field.ok || field.error.code !== "invalid_input" ? [] : field.error.details),
      ];
      return err(invalidInput(issues));
    }
    if (typeof cmd.mfaToken !== "string" || !TOKEN_PATTERN.test(cmd.mfaToken)) return err(mfaExpired());
    const key = mfaTokenKey(cmd.mfaToken);
    const raw = await deps.tokens.take(key);
    const record = raw === undefined ? undefined : readMfaRecord(raw);
    const now = deps.clock.now();
    if (!record || record.expiresAt <= now) return err(mfaExpired());
    const keep = (tries: number) => deps.tokens.put(key, JSON.stringify({ ...record, tries }), record.expiresAt - now);
    if (record.tries >= MFA_MAX_TRIES) {
      await keep(record.tries);
      return err(rateLimited(record.expiresAt - now));
    }
    const account = await deps.accounts.findById(record.accountId);
    if (!account?.totp || (account.sessionEpoch ?? 0) !== record.epoch) return err(mfaExpired());
    const spent = await spendSecondFactor(deps, account, field.value, wrongCode);
    if (!spent.ok) {
      await keep(spent.error.code === "rate_limited" ? record.tries : record.tries + 1);
      return spent;
    }
    return ok(await openSignedIn(deps, spent.value, cmd));
  }
}
