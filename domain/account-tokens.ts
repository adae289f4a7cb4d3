import { createHash, timingSafeEqual } from "node:crypto";

/** Where a password reset link leads: the path before its token. */
export const RESET_PASSWORD_PATH = "/dashboard/reset-password/";
/** Where an email verification link leads: the path before its token. */
export const VERIFY_EMAIL_PATH = "/dashboard/verify-email/";

/** How long a password reset link works (shared/contract.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** How long an email verification link works. */
export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60_000;

const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

/** Where a reset token's record is kept: by the token's SHA-256, never the token itself. */
export const resetTokenKey = (token: string): string => `reset:${sha256(token)}`;
/** Where a verification token's record is kept. */
export const verificationTokenKey = (token: string): string => `verify:${sha256(token)}`;

/**
 * A non-reversible stand-in for the password hash as it was when a reset link was issued: any password change since
 * (a reset, a change, another reset link used) gives another fingerprint, and the older link stops working.
 */
export const passwordFingerprint = (passwordHash: string): string => sha256(`password-reset:${passwordHash}`);

/** Constant-time equality of two hex digests (a mismatch of length is not a secret). */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A reset link's stored record. */
export interface ResetRecord {
  readonly accountId: string;
  readonly fingerprint: string;
  readonly expiresAt: number;
}

/** A verification link's stored record: bound to the account and to the address it was sent to. */
export interface VerificationRecord {
  readonly accountId: string;
  readonly email: string;
  readonly expiresAt: number;
}

const parse = (raw: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** The record, or undefined when the stored text is not one (a decoy, or corrupt). */
export function readResetRecord(raw: string): ResetRecord | undefined {
  const value = parse(raw);
  const { accountId, fingerprint, expiresAt } = value ?? {};
  if (typeof accountId !== "string" || typeof fingerprint !== "string" || typeof expiresAt !== "number") return undefined;
  return { accountId, fingerprint, expiresAt };
}

/** The record, or undefined when the stored text is not one. */
export function readVerificationRecord(raw: string): VerificationRecord | undefined {
  const value = parse(raw);
  const { accountId, email, expiresAt } = value ?? {};
  if (typeof accountId !== "string" || typeof email !== "string" || typeof expiresAt !== "number") return undefined;
  return { accountId, email, expiresAt };
}

// A reset token names its account (ids are not secret: members see them) so the new password can be rated against
// the account's email before the token is spent; the random part is what proves the link.
const RESET_TOKEN_PATTERN = /^(acct_[A-Za-z0-9]{1,64})\.([A-Za-z0-9_-]{43})$/;

/** `<account id>.<32 random bytes, base64url>`. */
export const resetTokenOf = (accountId: string, secret: string): string => `${accountId}.${secret}`;

/** The account id a well-formed reset token names; undefined for anything else. */
export const accountIdOfResetToken = (token: unknown): string | undefined =>
  typeof token === "string" ? RESET_TOKEN_PATTERN.exec(token)?.[1] : undefined;

/** Whether `token` has the shape of a verification token (32 random bytes, base64url). */
export const isVerificationToken = (token: unknown): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
