import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { lazy } from "../lazy.ts";

const jose = lazy(() => import("jose"));

const RFC7519_TOKEN =
  "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWMFjmGk";
const JWT_IO_TOKEN =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
const NULLABLE_TIME = { type: ["string", "null"] } as const;

export const jwtDecode = defineTool({
  id: "jwt-decode",
  name: "JWT Decode",
  category: "crypto",
  description: "Decode a JWT's header and payload without verifying it; says nothing about validity or expiry.",
  input: {
    type: "object",
    required: ["token"],
    additionalProperties: false,
    properties: { token: { type: "string", pattern: "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$", maxLength: 16_384, "x-tool-checks": "a JWT whose header and payload are base64url JSON" } },
  },
  output: {
    type: "object",
    required: ["header", "payload", "signature", "issuedAt", "expiresAt", "notBefore"],
    additionalProperties: false,
    properties: {
      header: { type: "object" },
      payload: { type: "object" },
      signature: { type: "string" },
      issuedAt: NULLABLE_TIME,
      expiresAt: NULLABLE_TIME,
      notBefore: NULLABLE_TIME,
    },
  },
  examples: [
    {
      title: "The example JWT of RFC 7519 section 3.1",
      source: "RFC 7519 section 3.1; exp 1300819380 = 2011-03-22T18:43:00Z (python3 datetime.fromtimestamp(…, timezone.utc))",
      input: { token: RFC7519_TOKEN },
      output: {
        header: { typ: "JWT", alg: "HS256" },
        payload: { iss: "joe", exp: 1300819380, "http://example.com/is_root": true },
        signature: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWMFjmGk",
        issuedAt: null,
        expiresAt: "2011-03-22T18:43:00.000Z",
        notBefore: null,
      },
    },
    {
      title: "The jwt.io sample token",
      source: "jwt.io debugger sample; iat 1516239022 = 2018-01-18T01:30:22Z (python3 datetime)",
      input: { token: JWT_IO_TOKEN },
      output: {
        header: { alg: "HS256", typ: "JWT" },
        payload: { sub: "1234567890", name: "John Doe", iat: 1516239022 },
        signature: "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        issuedAt: "2018-01-18T01:30:22.000Z",
        expiresAt: null,
        notBefore: null,
      },
    },
    {
      title: "An HS512 token with nbf and an array claim",
      source: "independent: header and payload built with python3 json/base64/hmac; nbf 1700000000 = 2023-11-14T22:13:20Z",
      input: {
        token:
          "eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJ0b29sLWFwaSIsImF1ZCI6ImNsaWVudHMiLCJuYmYiOjE3MDAwMDAwMDAsInJvbGVzIjpbImFkbWluIiwiZGV2Il19.IB4I8rJ-vecYY6HtQFHfcEBEKdv0jOs404QIjt9rC6CudrgmLlGbSOTMmdmp6z4HpKpaHG3bw6OZjdFqUU8Xow",
      },
      output: {
        header: { alg: "HS512", typ: "JWT" },
        payload: { iss: "tool-api", aud: "clients", nbf: 1700000000, roles: ["admin", "dev"] },
        signature: "IB4I8rJ-vecYY6HtQFHfcEBEKdv0jOs404QIjt9rC6CudrgmLlGbSOTMmdmp6z4HpKpaHG3bw6OZjdFqUU8Xow",
        issuedAt: null,
        expiresAt: null,
        notBefore: "2023-11-14T22:13:20.000Z",
      },
    },
  ],
  run: async ({ token }: { token: string }) => {
    const { decodeJwt, decodeProtectedHeader } = await jose();
    try {
      const header = decodeProtectedHeader(token);
      const payload = decodeJwt(token);
      const signature = token.slice(token.lastIndexOf(".") + 1);
      const times = { issuedAt: toIso(payload.iat), expiresAt: toIso(payload.exp), notBefore: toIso(payload.nbf) };
      return ok({ header, payload, signature, ...times });
    } catch (error) {
      return err(invalidField("token", `Not a decodable JWT: ${(error as Error).message}`));
    }
  },
});

/** A NumericDate claim as ISO 8601, or null when it is absent, not a number, or out of Date's range. */
function toIso(seconds: unknown): string | null {
  if (typeof seconds !== "number" || !Number.isFinite(seconds)) return null;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
