import type { SecretSource } from "./ports.ts";
/** A prefixed id with 16 base62 characters (95 bits): `acct_…`, `ws_…`. */
export declare function newId(secrets: SecretSource, prefix: string): string;
/** A 256-bit bearer token, base64url: session and CSRF tokens. */
export declare const newToken: (secrets: SecretSource) => string;
