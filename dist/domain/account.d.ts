import type { InputIssue } from "./errors.ts";
/** The contract's minimum; counted in characters (code points), not bytes. */
export declare const MIN_PASSWORD_LENGTH = 12;
/** Caps the work one sign-in can ask of the key derivation function. */
export declare const MAX_PASSWORD_LENGTH = 1024;
/** RFC 5321's limit on a forward path. */
export declare const MAX_EMAIL_LENGTH = 254;
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
export declare const toAccountView: (account: Account) => AccountView;
/** One spelling per mailbox, so "Ada@Example.com " and "ada@example.com" are the same account. */
export declare const normalizeEmail: (raw: string) => string;
/** Problems with sign-up fields, located by JSON Pointer; empty when both are acceptable. */
export declare function checkSignUp(email: unknown, password: unknown): InputIssue[];
/** Problems with sign-in fields: only their shape, never whether they are right. */
export declare function checkSignIn(email: unknown, password: unknown): InputIssue[];
export declare const isEmail: (email: string) => boolean;
/** A stable, non-reversible name for an email in rate-limit buckets and logs. */
export declare const emailBucketId: (email: string) => string;
