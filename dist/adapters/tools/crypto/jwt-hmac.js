export const HMAC_JWT_ALGORITHMS = ["HS256", "HS384", "HS512"];
export const JWT_SECRET_SCHEMA = { type: "string", minLength: 1, maxLength: 65_536 };
/** RFC 7518 section 3.2: the key must be at least as long as the hash output. */
const MIN_SECRET_BYTES = { HS256: 32, HS384: 48, HS512: 64 };
/** The UTF-8 bytes of an HMAC secret, plus a warning when RFC 7518 calls it too short. */
export function toSecretKey(secret, algorithm) {
    const key = new TextEncoder().encode(secret);
    const minimum = MIN_SECRET_BYTES[algorithm];
    const warnings = key.length < minimum ? [`The secret has ${key.length} bytes; RFC 7518 requires at least ${minimum} for ${algorithm}.`] : [];
    return { key, warnings };
}
