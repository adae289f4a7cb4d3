import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const loadOtpauth = lazy(() => import("otpauth"));

type Algorithm = "SHA1" | "SHA256" | "SHA512";

interface TotpInput {
  secret: string;
  timestamp?: number;
  digits: number;
  period: number;
  algorithm: Algorithm;
  issuer?: string;
  label?: string;
}

interface TotpOutput {
  token: string;
  counter: number;
  remainingSeconds: number;
  otpauthUri: string;
}

// RFC 6238 appendix B seeds are ASCII strings; the catalog takes base32, so these are their RFC 4648 encodings.
const SEEDS: Record<Algorithm, string> = {
  SHA1: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
  SHA256: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA====",
  SHA512: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNA=",
};
const RFC6238 = "RFC 6238 appendix B (seed as base32 via python3 base64.b32encode); counter and remainder by python3";

/** One RFC 6238 appendix B row: 8 digits, 30 s period, default label. */
function rfcExample(algorithm: Algorithm, timestamp: number, token: string) {
  const counter = Math.floor(timestamp / 30);
  return {
    title: `RFC 6238 ${algorithm} at T = ${timestamp}`,
    source: RFC6238,
    input: { secret: SEEDS[algorithm], timestamp, digits: 8, period: 30, algorithm },
    output: {
      token,
      counter,
      remainingSeconds: 30 - (timestamp % 30),
      otpauthUri: `otpauth://totp/OTPAuth?secret=${SEEDS[algorithm].replace(/=+$/, "")}&algorithm=${algorithm}&digits=8&period=30`,
    },
  };
}

export const totpGenerator = defineTool<Partial<TotpInput>, TotpOutput>({
  id: "totp-generator",
  name: "TOTP Generator",
  category: "crypto",
  description: "RFC 6238 TOTP code for a base32 secret at a given unix time (default: now), plus its otpauth:// URI.",
  input: {
    type: "object",
    required: ["secret"],
    additionalProperties: false,
    properties: {
      secret: { type: "string", pattern: "^[A-Za-z2-7]+=*$", minLength: 16, maxLength: 1024, "x-tool-checks": "base32 that decodes to whole bytes" },
      timestamp: { type: "integer", minimum: 0, maximum: 253_402_300_799 },
      digits: { type: "integer", minimum: 6, maximum: 8, default: 6 },
      period: { type: "integer", minimum: 15, maximum: 120, default: 30 },
      algorithm: { type: "string", enum: ["SHA1", "SHA256", "SHA512"], default: "SHA1" },
      issuer: { type: "string", maxLength: 256 },
      label: { type: "string", maxLength: 256 },
    },
  },
  output: {
    type: "object",
    required: ["token", "counter", "remainingSeconds", "otpauthUri"],
    additionalProperties: false,
    properties: {
      token: { type: "string", pattern: "^[0-9]{6,8}$" },
      counter: { type: "integer", minimum: 0 },
      remainingSeconds: { type: "integer", minimum: 1, maximum: 120 },
      otpauthUri: { type: "string", pattern: "^otpauth://totp/" },
    },
  },
  examples: [
    rfcExample("SHA1", 59, "94287082"),
    rfcExample("SHA1", 1111111109, "07081804"),
    rfcExample("SHA1", 1111111111, "14050471"),
    rfcExample("SHA1", 1234567890, "89005924"),
    rfcExample("SHA1", 2000000000, "69279037"),
    rfcExample("SHA1", 20000000000, "65353130"),
    rfcExample("SHA256", 59, "46119246"),
    rfcExample("SHA256", 1111111111, "67062674"),
    rfcExample("SHA256", 20000000000, "77737706"),
    rfcExample("SHA512", 59, "90693936"),
    rfcExample("SHA512", 1234567890, "93441116"),
    rfcExample("SHA512", 2000000000, "38618901"),
    {
      title: "Six digits (the default): the last 6 digits of the RFC 6238 value, with issuer and label",
      source: "RFC 6238 appendix B SHA1 at T = 59 (94287082 mod 10^6); URI per the Key Uri Format, encoded with python3 urllib.parse.quote",
      input: { secret: SEEDS.SHA1, timestamp: 59, issuer: "ACME Co", label: "alice@example.com" },
      output: {
        token: "287082",
        counter: 1,
        remainingSeconds: 1,
        otpauthUri: `otpauth://totp/ACME%20Co:alice%40example.com?issuer=ACME%20Co&secret=${SEEDS.SHA1}&algorithm=SHA1&digits=6&period=30`,
      },
    },
    {
      title: "A 60-second period",
      source: "independent: RFC 6238 reference algorithm in python3 (hmac, struct) with T0 = 0, X = 60",
      input: { secret: SEEDS.SHA1, timestamp: 1700000000, digits: 6, period: 60, algorithm: "SHA1" },
      output: {
        token: "895298",
        counter: 28333333,
        remainingSeconds: 40,
        otpauthUri: `otpauth://totp/OTPAuth?secret=${SEEDS.SHA1}&algorithm=SHA1&digits=6&period=60`,
      },
    },
    { title: "The code for the current time (output depends on the clock)", input: { secret: SEEDS.SHA1 } },
  ],
  run: async ({ secret, timestamp, digits, period, algorithm, issuer, label }: TotpInput, context: ToolContext) => {
    const seconds = timestamp ?? Math.floor(context.now() / 1000);
    const { Secret, TOTP } = await loadOtpauth();
    let key: InstanceType<typeof Secret>;
    try {
      key = Secret.fromBase32(secret);
    } catch (error) {
      return err(invalidField("secret", `Not valid base32: ${(error as Error).message}`));
    }
    const totp = new TOTP({ secret: key, algorithm, digits, period, ...(issuer === undefined ? {} : { issuer }), ...(label === undefined ? {} : { label }) });
    return ok({
      token: totp.generate({ timestamp: seconds * 1000 }),
      counter: Math.floor(seconds / period),
      remainingSeconds: period - (seconds % period),
      otpauthUri: totp.toString(),
    });
  },
});
