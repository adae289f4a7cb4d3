import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { HMAC_JWT_ALGORITHMS, type HmacJwtAlgorithm, JWT_SECRET_SCHEMA, toSecretKey } from "./jwt-hmac.ts";
import { lazy } from "../lazy.ts";

const jose = lazy(() => import("jose"));

interface JwtSignInput {
  payload: Record<string, unknown>;
  secret: string;
  algorithm: HmacJwtAlgorithm;
  header?: Record<string, unknown>;
}

const SECRET_32 = "a-string-secret-at-least-256-bits-long";
const PY = "independent: python3 hmac over base64url(json.dumps(header/payload, separators=(',', ':')))";

export const jwtSign = defineTool({
  id: "jwt-sign",
  name: "JWT Sign",
  category: "crypto",
  description:
    "Sign a JWT with an HMAC secret (HS256/384/512). Deterministic: no `iat` is added. `warnings` flags a secret shorter than RFC 7518 requires.",
  input: {
    type: "object",
    required: ["payload", "secret"],
    additionalProperties: false,
    properties: {
      payload: { type: "object", maxProperties: 1000 },
      secret: JWT_SECRET_SCHEMA,
      algorithm: { type: "string", enum: HMAC_JWT_ALGORITHMS, default: "HS256" },
      header: { type: "object", maxProperties: 50, "x-tool-checks": "no members the signer sets itself (alg, typ)" },
    },
  },
  output: {
    type: "object",
    required: ["token", "warnings"],
    additionalProperties: false,
    properties: {
      token: { type: "string", pattern: "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$" },
      warnings: { type: "array", items: { type: "string" }, maxItems: 10 },
    },
  },
  examples: [
    {
      title: "The jwt.io sample token (its 19-byte secret is too short for HS256)",
      source: "jwt.io debugger sample token; also independent python3 hmac",
      input: { payload: { sub: "1234567890", name: "John Doe", iat: 1516239022 }, secret: "your-256-bit-secret", algorithm: "HS256" },
      output: {
        token:
          "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        warnings: ["The secret has 19 bytes; RFC 7518 requires at least 32 for HS256."],
      },
    },
    {
      title: "HS256 with exp and a long enough secret",
      source: PY,
      input: { payload: { sub: "user-42", iat: 1700000000, exp: 1700003600 }, secret: SECRET_32, algorithm: "HS256" },
      output: {
        token:
          "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c2VyLTQyIiwiaWF0IjoxNzAwMDAwMDAwLCJleHAiOjE3MDAwMDM2MDB9.4gWZQ6TIZitQW5gvSYkakFvtdBVLf3tdTAbXn-1oDMg",
        warnings: [],
      },
    },
    {
      title: "HS384 with an extra kid header",
      source: PY,
      input: {
        payload: { sub: "user-42", scope: "read:tools" },
        secret: "a-48-byte-secret-for-hs384-0123456789abcdefghijk",
        algorithm: "HS384",
        header: { kid: "key-1" },
      },
      output: {
        token:
          "eyJhbGciOiJIUzM4NCIsInR5cCI6IkpXVCIsImtpZCI6ImtleS0xIn0.eyJzdWIiOiJ1c2VyLTQyIiwic2NvcGUiOiJyZWFkOnRvb2xzIn0.Ce3RkpWLEJBqMKOMOSW6_760ukF815UwnUDoJbKKIpRJ2PfQNz_BoYgbpou8pLgA",
        warnings: [],
      },
    },
    {
      title: "HS512 with nbf and an array claim",
      source: PY,
      input: {
        payload: { iss: "tool-api", aud: "clients", nbf: 1700000000, roles: ["admin", "dev"] },
        secret: "a-64-byte-secret-for-hs512-0123456789abcdefghijklmnopqrstuvwxyzA",
        algorithm: "HS512",
      },
      output: {
        token:
          "eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJ0b29sLWFwaSIsImF1ZCI6ImNsaWVudHMiLCJuYmYiOjE3MDAwMDAwMDAsInJvbGVzIjpbImFkbWluIiwiZGV2Il19.IB4I8rJ-vecYY6HtQFHfcEBEKdv0jOs404QIjt9rC6CudrgmLlGbSOTMmdmp6z4HpKpaHG3bw6OZjdFqUU8Xow",
        warnings: [],
      },
    },
    {
      title: "A custom typ replaces the JWT default",
      source: PY,
      input: { payload: { sub: "a" }, secret: SECRET_32, algorithm: "HS256", header: { typ: "at+jwt" } },
      output: { token: "eyJhbGciOiJIUzI1NiIsInR5cCI6ImF0K2p3dCJ9.eyJzdWIiOiJhIn0.9Vzrxirh7YgtS7VUIjbvrHtVwlf149BiJZO0lSOKu4g", warnings: [] },
    },
    {
      title: "Non-ASCII claims are encoded as UTF-8 JSON",
      source: `${PY}, ensure_ascii=False`,
      input: { payload: { name: "Zoë", msg: "héllo €" }, secret: SECRET_32, algorithm: "HS256" },
      output: {
        token:
          "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJuYW1lIjoiWm_DqyIsIm1zZyI6ImjDqWxsbyDigqwifQ.x5ml9_cZCCV3A60Jxm9OdvIED43WyTKK3ZvEDfzO1ZI",
        warnings: [],
      },
    },
  ],
  run: async ({ payload, secret, algorithm, header = {} }: JwtSignInput) => {
    if (Object.hasOwn(header, "alg") && header.alg !== algorithm) {
      return err(invalidField("header", "`alg` comes from `algorithm` and cannot be overridden."));
    }
    const { alg: _alg, typ = "JWT", ...extra } = header;
    if (typeof typ !== "string") return err(invalidField("header", "`typ` must be a string."));
    const { key, warnings } = toSecretKey(secret, algorithm);
    try {
      const { SignJWT } = await jose();
      const token = await new SignJWT(payload).setProtectedHeader({ alg: algorithm, typ, ...extra }).sign(key);
      return ok({ token, warnings });
    } catch (error) {
      return err(invalidField("", `jose refused the token: ${(error as Error).message}`));
    }
  },
});
