import { toBase62 } from "../domain/api-key.ts";
import type { SecretSource } from "./ports.ts";

/** A prefixed id with 16 base62 characters (95 bits): `acct_…`, `ws_…`. */
export function newId(secrets: SecretSource, prefix: string): string {
  for (;;) {
    const body = toBase62(secrets.randomBytes(32), 16);
    if (body) return `${prefix}_${body}`;
  }
}

/** A 256-bit bearer token, base64url: session and CSRF tokens. */
export const newToken = (secrets: SecretSource): string => Buffer.from(secrets.randomBytes(32)).toString("base64url");
