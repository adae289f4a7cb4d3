import { createHash, timingSafeEqual } from "node:crypto";
/** The environments a deployment (and so a key) can serve. */
export const ENVIRONMENTS = ["development", "staging", "production"];
const ENV_TAGS = { development: "dev", staging: "stg", production: "live" };
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 32 base62 characters carry 190 bits, well over the 128 bits required. */
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const DISPLAY_CHARS = 4;
const SECRET_PATTERN = /^tk_(dev|stg|live)_([0-9A-Za-z]{38})$/;
/** Encodes bytes as base62 characters, one character per byte (rejection sampling keeps it unbiased). */
export function toBase62(bytes, length) {
    let out = "";
    for (const byte of bytes) {
        if (byte >= 248)
            continue; // 248 = 62 * 4: higher values would bias the first characters
        out += BASE62[byte % 62];
        if (out.length === length)
            return out;
    }
    return undefined;
}
function checksumOf(head) {
    const digest = createHash("sha256").update(head).digest();
    let value = digest.readUInt32BE(0);
    let out = "";
    for (let i = 0; i < CHECKSUM_LENGTH; i++) {
        out += BASE62[value % 62];
        value = Math.floor(value / 62);
    }
    return out;
}
/** Builds the full secret from its random body: tk_<env>_<body><checksum>. */
export function composeSecret(env, body) {
    const head = `tk_${ENV_TAGS[env]}_${body}`;
    return head + checksumOf(head);
}
/** Checks shape and checksum, so truncated or mistyped keys are refused before touching storage. */
export function parseSecret(secret) {
    const match = SECRET_PATTERN.exec(secret);
    if (!match)
        return { ok: false, reason: "malformed" };
    const head = secret.slice(0, secret.length - CHECKSUM_LENGTH);
    if (checksumOf(head) !== secret.slice(-CHECKSUM_LENGTH))
        return { ok: false, reason: "checksum" };
    const env = ENVIRONMENTS.find((name) => ENV_TAGS[name] === match[1]);
    return { ok: true, env };
}
/** The part of a secret shown in lists and logs. */
export function displayPrefix(secret) {
    const underscore = secret.indexOf("_", 3);
    return secret.slice(0, underscore + 1 + DISPLAY_CHARS);
}
/** SHA-256 of the secret, hex: the only form a secret is stored in. */
export function hashSecret(secret) {
    return createHash("sha256").update(secret, "utf8").digest("hex");
}
/** Compares two hex hashes in constant time. */
export function isSameHash(a, b) {
    const left = Buffer.from(a, "hex");
    const right = Buffer.from(b, "hex");
    return left.length === right.length && timingSafeEqual(left, right);
}
export const isActive = (key) => key.status === "active";
export const revoke = (key, now) => key.status === "revoked" ? key : { ...key, status: "revoked", revokedAt: now };
export function toKeySummary(key) {
    return {
        id: key.id,
        name: key.name,
        env: key.env,
        prefix: key.prefix,
        status: key.status,
        limit: key.policy.limit,
        windowSeconds: key.policy.windowMs / 1000,
        workspaceId: key.workspaceId,
        createdAt: new Date(key.createdAt).toISOString(),
        lastUsedAt: key.lastUsedAt === null ? null : new Date(key.lastUsedAt).toISOString(),
    };
}
