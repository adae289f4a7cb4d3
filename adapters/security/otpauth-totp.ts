import { createRequire } from "node:module";
import type * as Otpauth from "otpauth";
import type { TotpAlgorithm } from "../../application/two-factor.ts";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "../../domain/totp.ts";

const PARAMS = { algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS } as const;

// Loaded on first use, not at start-up (adapters/tools/fast-start.test.ts): most processes never see a TOTP code.
let loaded: typeof Otpauth | undefined;
const otpauth = (): typeof Otpauth => (loaded ??= createRequire(import.meta.url)("otpauth") as typeof Otpauth);

/** TOTP by the `otpauth` library (RFC 6238; its validate compares in constant time). */
export const otpauthTotp: TotpAlgorithm = {
  encodeSecret: (bytes) => new (otpauth().Secret)({ buffer: Uint8Array.from(bytes).buffer }).base32,
  matchStep(secret, code, atMs) {
    if (!/^\d{6}$/.test(code)) return undefined;
    // window 1: the previous and next 30-second steps too, for a phone whose clock drifts; validate gives the delta.
    const { Secret, TOTP } = otpauth();
    const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), ...PARAMS, timestamp: atMs, window: 1 });
    return delta === null ? undefined : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: atMs }) + delta;
  },
  keyUri: (secret, issuer, accountName) => {
    const { Secret, TOTP } = otpauth();
    return new TOTP({ issuer, label: accountName, secret: Secret.fromBase32(secret), ...PARAMS }).toString();
  },
};
