import type { Account } from "../domain/account.ts";
import { type DomainError, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { readSecondFactorCode, type SecondFactorCode, spendCode } from "../domain/totp.ts";
import type { AccountSecurityDeps } from "./account-security-deps.ts";
import type { AccountUpdate } from "./ports.ts";
import { DEFAULT_ATTEMPT_LIMITS, holdAttempt } from "./attempt-limits.ts";

/** RFC 6238 TOTP (HMAC-SHA-1, 6 digits, 30 s), as authenticator apps compute it. */
export interface TotpAlgorithm {
  /** Base32 (RFC 4648, no padding) of a secret's bytes: the form apps and otpauth:// URLs take. */
  encodeSecret(bytes: Uint8Array): string;
  /**
   * The time step (30-second periods since the Unix epoch) whose code `code` is for the base32 `secret`, looking one
   * step either side of `atMs` (epoch ms) for clock drift; undefined when none matches. Compares in constant time;
   * never throws for a malformed code.
   */
  matchStep(secret: string, code: string, atMs: number): number | undefined;
  /** The `otpauth://totp/<issuer>:<account>?secret=…&issuer=…` URL authenticator apps read (SHA-1, 6 digits, 30 s). */
  keyUri(secret: string, issuer: string, accountName: string): string;
}

/** What the two-factor use cases are built from: account security's dependencies and the TOTP algorithm. */
export interface TwoFactorDeps extends AccountSecurityDeps {
  readonly totp: TotpAlgorithm;
}

/** The code a request sent, read: 422 when the field is missing, undefined-kind codes are simply wrong ones. */
export function readCodeField(raw: unknown): Result<SecondFactorCode | undefined, DomainError> {
  if (typeof raw !== "string" || raw.trim() === "") return err(invalidInput([{ path: "/code", message: "is required: a 6-digit code from the authenticator app, or a recovery code" }]));
  return ok(readSecondFactorCode(raw));
}

/** The time step `code` matches for the account's secret now, when it is a TOTP code. */
export function matchOf(deps: Pick<TwoFactorDeps, "totp" | "clock">, account: Account, code: SecondFactorCode) {
  const secret = account.totp?.secret;
  if (!secret || code.kind !== "totp") return undefined;
  const step = deps.totp.matchStep(secret, code.code, deps.clock.now());
  return step === undefined ? undefined : { secret, step };
}

/** Writes a compare-and-set change of the account: a plain update, or one journaled with its notice (changeAccount). */
export type AccountWrite = (change: (current: Account) => Account | undefined) => Promise<AccountUpdate | undefined>;

/**
 * Checks and spends one second-factor code of an account, counted first in the account's failure tiers (atomic on
 * every instance, given back when the code is right): a TOTP code newer than the last one accepted, or an unused
 * recovery code, removed. `then` may change the account further in the same compare-and-set (disable: clear it);
 * `write` stores it (default: a plain update). `refusal` when the code is wrong or used, or two-factor is off; 429
 * once the account's tiers are spent.
 */
export async function spendSecondFactor(
  deps: TwoFactorDeps, account: Account, code: SecondFactorCode | undefined, refusal: () => DomainError,
  options: { readonly then?: (spent: Account) => Account; readonly write?: AccountWrite } = {},
): Promise<Result<Account, DomainError>> {
  const tiers = deps.attemptLimits.secondFactorPerAccount ?? DEFAULT_ATTEMPT_LIMITS.secondFactorPerAccount ?? [];
  const held = await holdAttempt(deps.limits, [[`second-factor:acct:${account.id}`, tiers]]);
  if (!held.ok) return held;
  if (!code) return err(refusal());
  // The step is matched once, outside the update: `change` must stay pure and may run again on a newer account.
  const match = matchOf(deps, account, code);
  const then = options.then ?? ((spent: Account) => spent);
  const write = options.write ?? ((change) => deps.accounts.update(account.id, change));
  const update = await write((current) => {
    const spent = spendCode(current, code, match);
    return spent && then(spent);
  });
  if (!update || update.after === update.before) return err(refusal());
  await held.value.release();
  return ok(update.after);
}
