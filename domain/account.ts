import { createHash } from "node:crypto";
import type { InputIssue } from "./errors.ts";
import type { ChangeMarked } from "./change-ids.ts";
import { checkPasswordCharacters } from "./password.ts";

/** The contract's minimum; counted in characters (code points), not bytes. */
export const MIN_PASSWORD_LENGTH = 12;
/** Caps the work one sign-in can ask of the key derivation function. */
export const MAX_PASSWORD_LENGTH = 1024;
/** RFC 5321's limit on a forward path. */
export const MAX_EMAIL_LENGTH = 254;

/** A dashboard user. Only a self-describing KDF hash of the password is stored. */
export interface Account extends ChangeMarked {
  readonly id: string;
  /** Normalized (trimmed, lower case): the unique sign-in name. */
  readonly email: string;
  readonly passwordHash: string;
  readonly createdAt: number;
  /** Whether the owner of `email` opened a verification (or password reset) link sent to it. */
  readonly emailVerified?: boolean;
  /**
   * Sessions opened under an older epoch are refused on their next request (every instance reads the account per
   * request): raised when the password changes or is reset, so every session ends at once without listing them.
   */
  readonly sessionEpoch?: number;
  /** Two-factor sign-in, once enabled. */
  readonly totp?: TotpState;
  /** A secret offered by `POST /auth/totp` and not yet confirmed with a code. */
  readonly totpPending?: { readonly secret: string; readonly createdAt: number };
  /** SHA-256 (hex) of each recovery code still unused. */
  readonly recoveryCodeHashes?: readonly string[];
  /** Registered WebAuthn credentials. */
  readonly passkeys?: readonly Passkey[];
}

/** An enabled TOTP second factor: its secret (base32) and the last time step accepted, so no code is used twice. */
export interface TotpState {
  readonly secret: string;
  readonly lastStep: number;
  readonly enabledAt: number;
}

/** A WebAuthn credential as stored: the public key, never a secret. */
export interface Passkey {
  /** The credential id (base64url), as the authenticator names it. */
  readonly id: string;
  readonly name: string;
  /** COSE public key, base64url. */
  readonly publicKey: string;
  /** The signature counter last seen (0 for authenticators that do not count). */
  readonly counter: number;
  readonly transports?: readonly string[];
  readonly createdAt: number;
  readonly lastUsedAt?: number;
}

/** The public view of an account: never the password hash. */
export interface AccountView {
  readonly id: string;
  readonly email: string;
  readonly createdAt: string;
  readonly emailVerified: boolean;
  readonly totpEnabled: boolean;
}

export const toAccountView = (account: Account): AccountView => ({
  id: account.id,
  email: account.email,
  createdAt: new Date(account.createdAt).toISOString(),
  emailVerified: account.emailVerified === true,
  totpEnabled: account.totp !== undefined,
});

/** One spelling per mailbox, so "Ada@Example.com " and "ada@example.com" are the same account. */
export const normalizeEmail = (raw: string): string => raw.trim().toLowerCase();

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

const lengthOf = (text: string): number => [...text].length;

/**
 * Problems with sign-up fields that cost nothing to find (shape, length, control characters), located by JSON
 * Pointer; empty when both pass. The password's strength is checked apart (application/new-password.ts).
 */
export function checkSignUp(email: unknown, password: unknown): InputIssue[] {
  const issues: InputIssue[] = [];
  if (typeof email !== "string" || !isEmail(normalizeEmail(email))) {
    issues.push({ path: "/email", message: "must be an email address such as ada@example.com" });
  }
  if (typeof password !== "string" || lengthOf(password) < MIN_PASSWORD_LENGTH) {
    issues.push({ path: "/password", message: `must be at least ${MIN_PASSWORD_LENGTH} characters` });
  } else if (lengthOf(password) > MAX_PASSWORD_LENGTH) {
    issues.push({ path: "/password", message: `must be at most ${MAX_PASSWORD_LENGTH} characters` });
  } else {
    const refused = checkPasswordCharacters(password);
    if (refused) issues.push(refused);
  }
  return issues;
}

/** Problems with sign-in fields: only their shape, never whether they are right. */
export function checkSignIn(email: unknown, password: unknown): InputIssue[] {
  const issues: InputIssue[] = [];
  if (typeof email !== "string" || email.trim() === "" || email.length > MAX_EMAIL_LENGTH) {
    issues.push({ path: "/email", message: "is required" });
  }
  if (typeof password !== "string" || password === "" || lengthOf(password) > MAX_PASSWORD_LENGTH) {
    issues.push({ path: "/password", message: `is required (at most ${MAX_PASSWORD_LENGTH} characters)` });
  }
  return issues;
}

export const isEmail = (email: string): boolean => email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);

/** A stable, non-reversible name for an email in rate-limit buckets and logs. */
export const emailBucketId = (email: string): string =>
  createHash("sha256").update(normalizeEmail(email), "utf8").digest("hex").slice(0, 32);
