import { describe, expect, it } from "vitest";
import { jwtDecode } from "./jwt-decode.ts";
import { jwtSign } from "./jwt-sign.ts";
import { jwtVerify } from "./jwt-verify.ts";
import { outputOf, toolErrorOf, zeroContext } from "../testing/tool-harness.ts";

const SECRET = "a-string-secret-at-least-256-bits-long";

describe("jwt-sign", () => {
  it("refuses a header that tries to override alg", async () => {
    const error = await toolErrorOf(jwtSign, { payload: { a: 1 }, secret: SECRET, header: { alg: "none" } }, zeroContext);
    expect(error).toMatchObject({ code: "invalid_input", details: [{ path: "/input/header" }] });
  });

  it("accepts a header alg equal to algorithm", async () => {
    expect(await outputOf(jwtSign, { payload: { a: 1 }, secret: SECRET, algorithm: "HS384", header: { alg: "HS384" } }, zeroContext)).toHaveProperty("token");
  });

  it("refuses a non-string typ and headers jose rejects (unencoded payload)", async () => {
    expect(await toolErrorOf(jwtSign, { payload: {}, secret: SECRET, header: { typ: 1 } }, zeroContext)).toMatchObject({ code: "invalid_input" });
    const b64 = await toolErrorOf(jwtSign, { payload: {}, secret: SECRET, header: { b64: false, crit: ["b64"] } }, zeroContext);
    expect(b64).toMatchObject({ code: "invalid_input" });
  });

  it("warns per algorithm when the secret is shorter than its hash", async () => {
    const { warnings } = await outputOf(jwtSign, { payload: {}, secret: "x".repeat(47), algorithm: "HS384" }, zeroContext);
    expect(warnings).toEqual(["The secret has 47 bytes; RFC 7518 requires at least 48 for HS384."]);
  });

  it("adds no iat of its own and round-trips through jwt-verify", async () => {
    const { token } = await outputOf(jwtSign, { payload: { sub: "x" }, secret: SECRET, algorithm: "HS512" }, zeroContext);
    expect(await outputOf(jwtDecode, { token }, zeroContext)).toMatchObject({ payload: { sub: "x" }, issuedAt: null });
    const verified = await outputOf(jwtVerify, { token, secret: SECRET, algorithms: ["HS512"] }, zeroContext);
    expect(verified).toEqual({ valid: true, header: { alg: "HS512", typ: "JWT" }, payload: { sub: "x" }, error: null });
  });

  it("keeps a __proto__ header member as plain data without polluting prototypes", async () => {
    const header = JSON.parse('{"__proto__": {"polluted": true}, "kid": "k"}') as Record<string, unknown>;
    const { token } = await outputOf(jwtSign, { payload: {}, secret: SECRET, header }, zeroContext);
    const decoded = await outputOf(jwtDecode, { token }, zeroContext);
    expect(Object.hasOwn(decoded.header, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
