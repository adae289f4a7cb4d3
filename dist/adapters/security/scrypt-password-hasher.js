import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
/**
 * One of OWASP's equivalent scrypt minimums (N = 2^15, r = 8, p = 3): 32 MiB and about 0.5 s of one libuv thread
 * per hash on a small server. The 128 MiB variant (2^17, p = 1) would cost 4x the memory per concurrent sign-in.
 */
export const DEFAULT_SCRYPT_COST = { logN: 15, r: 8, p: 3 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Refuses stored parameters that would take unbounded memory should a hash ever be tampered with. */
const MAX_LOG_N = 20;
const FORMAT = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{16,})$/;
/** Passwords hashed with node:crypto's async scrypt (libuv thread pool): `scrypt$logN$r$p$salt$key`, base64url. */
export class ScryptPasswordHasher {
    cost;
    constructor(cost = DEFAULT_SCRYPT_COST) {
        this.cost = cost;
    }
    async hash(password) {
        const salt = randomBytes(SALT_BYTES);
        const key = await derive(password, salt, this.cost, KEY_BYTES);
        const { logN, r, p } = this.cost;
        return `scrypt$${logN}$${r}$${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
    }
    async verify(password, hash) {
        const match = FORMAT.exec(hash);
        if (!match)
            return false;
        const cost = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
        if (cost.logN < 1 || cost.logN > MAX_LOG_N || cost.r < 1 || cost.p < 1)
            return false;
        const expected = Buffer.from(match[5], "base64url");
        const actual = await derive(password, Buffer.from(match[4], "base64url"), cost, expected.length);
        return timingSafeEqual(actual, expected);
    }
}
function derive(password, salt, cost, length) {
    const N = 2 ** cost.logN;
    // scrypt needs 128 * N * r bytes; node's default maxmem (32 MiB) is just too small for N = 2^15, r = 8.
    const options = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
    return new Promise((resolve, reject) => {
        scrypt(password.normalize("NFC"), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
    });
}
