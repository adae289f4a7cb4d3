import { ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { HMAC_JWT_ALGORITHMS, type HmacJwtAlgorithm, JWT_SECRET_SCHEMA } from "./jwt-hmac.ts";
import { lazy } from "../lazy.ts";

const jose = lazy(() => import("jose"));

interface JwtVerifyInput {
  token: string;
  secret: string;
  algorithms: HmacJwtAlgorithm[];
  currentTime?: number;
  clockToleranceSeconds: number;
}

interface JwtVerifyOutput {
  valid: boolean;
  header: Record<string, unknown> | null;
  payload: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
}

/** Our stable names for jose's error codes; anything else is `invalid_token`. */
const ERROR_CODES = new Map([
  ["ERR_JWS_SIGNATURE_VERIFICATION_FAILED", "signature_invalid"],
  ["ERR_JWT_EXPIRED", "token_expired"],
  ["ERR_JWT_CLAIM_VALIDATION_FAILED", "claim_invalid"],
  ["ERR_JOSE_ALG_NOT_ALLOWED", "algorithm_not_allowed"],
  ["ERR_JOSE_NOT_SUPPORTED", "algorithm_not_allowed"],
  ["ERR_JWS_INVALID", "malformed_token"],
  ["ERR_JWT_INVALID", "malformed_token"],
]);

const JWT_IO_TOKEN =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
const EXP_TOKEN =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLTQyIiwiaWF0IjoxNzAwMDAwMDAwLCJleHAiOjE3MDAwMDM2MDB9.4gWZQ6TIZitQW5gvSYkakFvtdBVLf3tdTAbXn-1oDMg";
const EXP_SECRET = "a-string-secret-at-least-256-bits-long";
const EXP_CLAIMS = { sub: "user-42", iat: 1700000000, exp: 1700003600 };
const PY_TOKEN = "token signed independently with python3 hmac (see jwt-sign examples)";
const JWT_HEADER = { alg: "HS256", typ: "JWT" };
const NBF_TOKEN =
  "eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJ0b29sLWFwaSIsImF1ZCI6ImNsaWVudHMiLCJuYmYiOjE3MDAwMDAwMDAsInJvbGVzIjpbImFkbWluIiwiZGV2Il19.IB4I8rJ-vecYY6HtQFHfcEBEKdv0jOs404QIjt9rC6CudrgmLlGbSOTMmdmp6z4HpKpaHG3bw6OZjdFqUU8Xow";
const NBF_SECRET = "a-64-byte-secret-for-hs512-0123456789abcdefghijklmnopqrstuvwxyzA";

export const jwtVerify = defineTool<Partial<JwtVerifyInput>, JwtVerifyOutput>({
  id: "jwt-verify",
  name: "JWT Verify",
  category: "crypto",
  description:
    "Verify an HMAC-signed JWT (signature, allowed algorithms, exp and nbf). An invalid token is a normal answer: `valid: false` with an error.",
  input: {
    type: "object",
    required: ["token", "secret"],
    additionalProperties: false,
    properties: {
      token: { type: "string", maxLength: 16_384 },
      secret: JWT_SECRET_SCHEMA,
      algorithms: {
        type: "array",
        items: { type: "string", enum: HMAC_JWT_ALGORITHMS },
        minItems: 1,
        maxItems: 3,
        uniqueItems: true,
        default: ["HS256"],
      },
      currentTime: { type: "integer", minimum: 0, maximum: 253_402_300_799 },
      clockToleranceSeconds: { type: "integer", minimum: 0, maximum: 300, default: 0 },
    },
  },
  output: {
    type: "object",
    required: ["valid", "header", "payload", "error"],
    additionalProperties: false,
    properties: {
      valid: { type: "boolean" },
      header: { type: ["object", "null"] },
      payload: { type: ["object", "null"] },
      error: {
        type: ["object", "null"],
        required: ["code", "message"],
        additionalProperties: false,
        properties: { code: { type: "string" }, message: { type: "string" } },
      },
    },
  },
  examples: [
    {
      title: "The jwt.io sample token verifies with its secret",
      source: "jwt.io debugger sample token and secret",
      input: { token: JWT_IO_TOKEN, secret: "your-256-bit-secret", algorithms: ["HS256"], currentTime: 1700000000 },
      output: { valid: true, header: JWT_HEADER, payload: { sub: "1234567890", name: "John Doe", iat: 1516239022 }, error: null },
    },
    {
      title: "A wrong secret fails the signature check",
      source: "jwt.io debugger sample token checked with another secret",
      input: { token: JWT_IO_TOKEN, secret: "not-the-secret", algorithms: ["HS256"], currentTime: 1700000000 },
      output: { valid: false, header: null, payload: null, error: { code: "signature_invalid", message: "signature verification failed" } },
    },
    {
      title: "Valid before exp",
      source: PY_TOKEN,
      input: { token: EXP_TOKEN, secret: EXP_SECRET, algorithms: ["HS256"], currentTime: 1700001800 },
      output: { valid: true, header: JWT_HEADER, payload: EXP_CLAIMS, error: null },
    },
    {
      title: "Expired at exp (exp 1700003600, checked at 1700003600)",
      source: `${PY_TOKEN}; RFC 7519 section 4.1.4: not accepted on or after exp`,
      input: { token: EXP_TOKEN, secret: EXP_SECRET, algorithms: ["HS256"], currentTime: 1700003600 },
      output: { valid: false, header: null, payload: null, error: { code: "token_expired", message: '"exp" claim timestamp check failed' } },
    },
    {
      title: "Clock tolerance accepts a token 60 s past exp",
      source: PY_TOKEN,
      input: { token: EXP_TOKEN, secret: EXP_SECRET, algorithms: ["HS256"], currentTime: 1700003660, clockToleranceSeconds: 120 },
      output: { valid: true, header: JWT_HEADER, payload: EXP_CLAIMS, error: null },
    },
    {
      title: "Not yet valid before nbf",
      source: `${PY_TOKEN}; RFC 7519 section 4.1.5`,
      input: { token: NBF_TOKEN, secret: NBF_SECRET, algorithms: ["HS512"], currentTime: 1699999999 },
      output: { valid: false, header: null, payload: null, error: { code: "claim_invalid", message: '"nbf" claim timestamp check failed' } },
    },
    {
      title: "HS512 accepted from a list of allowed algorithms once nbf has passed",
      source: PY_TOKEN,
      input: { token: NBF_TOKEN, secret: NBF_SECRET, algorithms: ["HS256", "HS512"], currentTime: 1700000000 },
      output: {
        valid: true,
        header: { alg: "HS512", typ: "JWT" },
        payload: { iss: "tool-api", aud: "clients", nbf: 1700000000, roles: ["admin", "dev"] },
        error: null,
      },
    },
    {
      title: "An algorithm outside the allowed list is refused",
      source: "jwt.io debugger sample token (HS256) with algorithms [HS512]",
      input: { token: JWT_IO_TOKEN, secret: "your-256-bit-secret", algorithms: ["HS512"], currentTime: 1700000000 },
      output: {
        valid: false,
        header: null,
        payload: null,
        error: { code: "algorithm_not_allowed", message: '"alg" (Algorithm) Header Parameter value not allowed' },
      },
    },
  ],
  run: async ({ token, secret, algorithms, currentTime, clockToleranceSeconds }: JwtVerifyInput, context: ToolContext) => {
    const currentDate = new Date(currentTime === undefined ? context.now() : currentTime * 1000);
    try {
      const key = new TextEncoder().encode(secret);
      const { jwtVerify: verifyJwt } = await jose();
      const { payload, protectedHeader } = await verifyJwt(token, key, { algorithms, currentDate, clockTolerance: clockToleranceSeconds });
      return ok({ valid: true, header: protectedHeader, payload, error: null });
    } catch (error) {
      const { code, message } = error as { code?: string; message: string };
      return ok({ valid: false, header: null, payload: null, error: { code: ERROR_CODES.get(code ?? "") ?? "invalid_token", message } });
    }
  },
});
