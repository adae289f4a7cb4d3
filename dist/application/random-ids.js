import { toBase62 } from "../domain/api-key.js";
/** A prefixed id with 16 base62 characters (95 bits): `acct_…`, `ws_…`. */
export function newId(secrets, prefix) {
    for (;;) {
        const body = toBase62(secrets.randomBytes(32), 16);
        if (body)
            return `${prefix}_${body}`;
    }
}
/** A 256-bit bearer token, base64url: session and CSRF tokens. */
export const newToken = (secrets) => Buffer.from(secrets.randomBytes(32)).toString("base64url");
