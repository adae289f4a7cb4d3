import { createHash } from "node:crypto";
/** The contract's minimum; counted in characters (code points), not bytes. */
export const MIN_PASSWORD_LENGTH = 12;
/** Caps the work one sign-in can ask of the key derivation function. */
export const MAX_PASSWORD_LENGTH = 1024;
/** RFC 5321's limit on a forward path. */
export const MAX_EMAIL_LENGTH = 254;
export const toAccountView = (account) => ({
    id: account.id,
    email: account.email,
    createdAt: new Date(account.createdAt).toISOString(),
});
/** One spelling per mailbox, so "Ada@Example.com " and "ada@example.com" are the same account. */
export const normalizeEmail = (raw) => raw.trim().toLowerCase();
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const lengthOf = (text) => [...text].length;
/** Problems with sign-up fields, located by JSON Pointer; empty when both are acceptable. */
export function checkSignUp(email, password) {
    const issues = [];
    if (typeof email !== "string" || !isEmail(normalizeEmail(email))) {
        issues.push({ path: "/email", message: "must be an email address such as ada@example.com" });
    }
    if (typeof password !== "string" || lengthOf(password) < MIN_PASSWORD_LENGTH) {
        issues.push({ path: "/password", message: `must be at least ${MIN_PASSWORD_LENGTH} characters` });
    }
    else if (lengthOf(password) > MAX_PASSWORD_LENGTH) {
        issues.push({ path: "/password", message: `must be at most ${MAX_PASSWORD_LENGTH} characters` });
    }
    return issues;
}
/** Problems with sign-in fields: only their shape, never whether they are right. */
export function checkSignIn(email, password) {
    const issues = [];
    if (typeof email !== "string" || email.trim() === "" || email.length > MAX_EMAIL_LENGTH) {
        issues.push({ path: "/email", message: "is required" });
    }
    if (typeof password !== "string" || password === "" || lengthOf(password) > MAX_PASSWORD_LENGTH) {
        issues.push({ path: "/password", message: `is required (at most ${MAX_PASSWORD_LENGTH} characters)` });
    }
    return issues;
}
export const isEmail = (email) => email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
/** A stable, non-reversible name for an email in rate-limit buckets and logs. */
export const emailBucketId = (email) => createHash("sha256").update(normalizeEmail(email), "utf8").digest("hex").slice(0, 32);
