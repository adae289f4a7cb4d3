import { createHash, timingSafeEqual } from "node:crypto";
import type { Account } from "./account.ts";

/** RFC 6238 as every authenticator app reads it: HMAC-SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** RFC 4226 recommends 160 bits, the size of an HMAC-SHA-1 key. */
export const TOTP_SECRET_BYTES = 20;
/** Recovery codes made when two-factor sign-in is enabled, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may follow the password. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;
/** Codes one mfaToken may try; past them the token only answers 429. */
export const MFA_MAX_TRIES = 5;
/**
 * How long a started set-up can be confirmed with a code. Installing an authenticator app and scanning takes a few
 * minutes; past 15 the set-up is abandoned, and its secret (seen on a screen, in a screenshot or a cached page) must
 * not turn two-factor on later for whoever kept it.
 */
export const TOTP_SETUP_TTL_MS = 15 * 60_000;

// Crockford's base32 alphabet: no i, l, o or u, so a code read aloud or copied by hand is not misread.
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_LENGTH = 10;

/** A recovery code as shown (`xxxxx-xxxxx`, 50 bits) from 10 random bytes. */
export function recoveryCodeOf(bytes: Uint8Array): string {
  if (bytes.length < RECOVERY_LENGTH) throw new Error(`a recovery code needs ${RECOVERY_LENGTH} random bytes`);
  const chars = [...bytes.subarray(0, RECOVERY_LENGTH)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** SHA-256 (hex) of a recovery code in its normalized spelling: the only form stored. */
export const hashRecoveryCode = (normalized: string): string => createHash("sha256").update(normalized, "utf8").digest("hex");

/** A second-factor code as typed: a TOTP code, or a recovery code (by its hash). */
export type SecondFactorCode =
  | { readonly kind: "totp"; readonly code: string }
  | { readonly kind: "recovery"; readonly hash: string };

/**
 * Reads what a person typed: six digits (spaces allowed, as apps group them "123 456") are a TOTP code; ten
 * characters of the recovery alphabet (any case, hyphens and spaces ignored, o/i/l read as 0/1/1) a recovery code.
 * Undefined for anything else.
 */
export function readSecondFactorCode(raw: unknown): SecondFactorCode | undefined {
  if (typeof raw !== "string" || raw.length > 64) return undefined;
  const compact = raw.replace(/[\s-]/g, "").toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  const normalized = compact.replace(/o/g, "0").replace(/[il]/g, "1");
  if (normalized.length !== RECOVERY_LENGTH || [...normalized].some((char) => !RECOVERY_ALPHABET.includes(char))) return undefined;
  return { kind: "recovery", hash: hashRecoveryCode(normalized) };
}

/** Whether `hash` is among `hashes`, comparing every one in constant time (no early exit tells which matched). */
export function includesHash(hashes: readonly string[], hash: string): boolean {
  const given = Buffer.from(hash, "utf8");
  let found = false;
  for (const candidate of hashes) {
    const stored = Buffer.from(candidate, "utf8");
    if (stored.length === given.length && timingSafeEqual(stored, given)) found = true;
  }
  return found;
}

/**
 * The account with one code spent, or undefined when the code does not open it: a TOTP code whose time step `step`
 * (matched against `secret`) is newer than the last accepted one (so no code is used twice), or an unused recovery
 * code, removed. Pure, for compare-and-set updates: concurrent uses of one code let exactly one through.
 */
export function spendCode(account: Account, code: SecondFactorCode, match: { readonly secret: string; readonly step: number } | undefined): Account | undefined {
  const { totp } = account;
  if (!totp) return undefined;
  if (code.kind === "totp") {
    if (!match || match.secret !== totp.secret || match.step <= totp.lastStep) return undefined;
    return { ...account, totp: { ...totp, lastStep: match.step } };
  }
  const hashes = account.recoveryCodeHashes ?? [];
  if (!includesHash(hashes, code.hash)) return undefined;
  return { ...account, recoveryCodeHashes: hashes.filter((hash) => hash !== code.hash) };
}

/** A secret offered for set-up and not yet confirmed with a code. */
export type PendingTotp = NonNullable<Account["totpPending"]>;

/** The account's pending set-up while a code may still confirm it (until TOTP_SETUP_TTL_MS after it started); undefined once expired or when none. */
export function livePendingTotp(account: Pick<Account, "totpPending">, now: number): PendingTotp | undefined {
  const pending = account.totpPending;
  return pending && now < pending.createdAt + TOTP_SETUP_TTL_MS ? pending : undefined;
}

/** The account without two-factor sign-in: no secret, no pending set-up, no recovery codes. */
export function withoutTotp(account: Account): Account {
  const { totp: _totp, totpPending: _pending, recoveryCodeHashes: _codes, ...rest } = account;
  return rest;
}

/** What the second step of a sign-in keeps under the hash of its mfaToken. */
export interface MfaRecord {
  readonly accountId: string;
  /** Wrong codes tried so far. */
  readonly tries: number;
  readonly expiresAt: number;
  /** The account's sessionEpoch at the password step: a password reset or change since then voids the token. */
  readonly epoch: number;
}

/** The stored record read back, or undefined when it is not one. */
export function readMfaRecord(raw: string): MfaRecord | undefined {
  try {
    const value = JSON.parse(raw) as Partial<MfaRecord>;
    const { accountId, tries, expiresAt, epoch } = value;
    if (typeof accountId !== "string" || typeof tries !== "number" || typeof expiresAt !== "number" || typeof epoch !== "number") return undefined;
    return { accountId, tries, expiresAt, epoch };
  } catch {
    return undefined;
  }
}

/** The FlashStore id of an mfaToken: a hash, so the store never holds the token itself. */
export const mfaTokenKey = (token: string): string => `mfa:${createHash("sha256").update(token, "utf8").digest("hex")}`;
