import { createHash } from "node:crypto";
import type { InputIssue } from "./errors.ts";
import { checkPasswordCharacters } from "./password.ts";

/** The contract's minimum; counted in characters (code points), not bytes. */
export const MIN_PASSWORD_LENGTH = 12;
/** Caps the work one sign-in can ask of the key derivation function. */
export const MAX_PASSWORD_LENGTH = 1024;
/** RFC 5321's limit on a forward path. */
export const MAX_EMAIL_LENGTH = 254;

/** A dashboard user. Only a self-describing KDF hash of the password is stored. */
export interface Account {
  readonly id: string;
  /** Normalized (trimmed, lower case): the unique sign-in name. */
  readonly email: string;
  readonly passwordHash: string;
  readonly createdAt: number;
}

/** The public view of an account: never the password hash. */
export interface AccountView {
  readonly id: string;
  readonly email: string;
  readonly createdAt: string;
}

export const toAccountView = (account: Account): AccountView => ({
  id: account.id,
  email: account.email,
  createdAt: new Date(account.createdAt).toISOString(),
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
