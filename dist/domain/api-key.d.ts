/** The environments a deployment (and so a key) can serve. */
export declare const ENVIRONMENTS: readonly ["development", "staging", "production"];
export type Environment = (typeof ENVIRONMENTS)[number];
/** How many requests a key may make per window. */
export interface RateLimitPolicy {
    readonly limit: number;
    readonly windowMs: number;
}
/** A stored API key. The secret itself is never stored, only its SHA-256. */
export interface ApiKey {
    readonly id: string;
    readonly name: string;
    readonly env: Environment;
    /** The visible start of the secret, safe to show in lists: "tk_dev_AbCd". */
    readonly prefix: string;
    readonly secretHash: string;
    readonly status: "active" | "revoked";
    readonly policy: RateLimitPolicy;
    readonly workspaceId: string | null;
    readonly createdAt: number;
    readonly lastUsedAt: number | null;
    readonly revokedAt: number | null;
}
/** Encodes bytes as base62 characters, one character per byte (rejection sampling keeps it unbiased). */
export declare function toBase62(bytes: Uint8Array, length: number): string | undefined;
/** Builds the full secret from its random body: tk_<env>_<body><checksum>. */
export declare function composeSecret(env: Environment, body: string): string;
/** What a well-formed secret says about itself, without any storage lookup. */
export type ParsedSecret = {
    readonly ok: true;
    readonly env: Environment;
} | {
    readonly ok: false;
    readonly reason: "malformed" | "checksum";
};
/** Checks shape and checksum, so truncated or mistyped keys are refused before touching storage. */
export declare function parseSecret(secret: string): ParsedSecret;
/** The part of a secret shown in lists and logs. */
export declare function displayPrefix(secret: string): string;
/** SHA-256 of the secret, hex: the only form a secret is stored in. */
export declare function hashSecret(secret: string): string;
/** Compares two hex hashes in constant time. */
export declare function isSameHash(a: string, b: string): boolean;
export declare const isActive: (key: ApiKey) => boolean;
export declare const revoke: (key: ApiKey, now: number) => ApiKey;
/** The public view of a key: everything but its hash. */
export interface ApiKeySummary {
    readonly id: string;
    readonly name: string;
    readonly env: Environment;
    readonly prefix: string;
    readonly status: "active" | "revoked";
    readonly limit: number;
    readonly windowSeconds: number;
    readonly workspaceId: string | null;
    readonly createdAt: string;
    readonly lastUsedAt: string | null;
}
export declare function toKeySummary(key: ApiKey): ApiKeySummary;
