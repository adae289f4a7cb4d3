import { describe, expect, it } from "vitest";
import { jwtDecode } from "./jwt-decode.ts";
import { jwtSign } from "./jwt-sign.ts";
import { jwtVerify } from "./jwt-verify.ts";
import { runOk, runRefused } from "./run-tool.ts";

const SECRET = "a-string-secret-at-least-256-bits-long";

describe("jwt-sign", () => {
  it("refuses a header that tries to override alg", async () => {
    const error = await runRefused(jwtSign, { payload: { a: 1 }, secret: SECRET, header: { alg: "none" } });
    expect(error).toMatchObject({ code: "invalid_input", details: [{ path: "/input/header" }] });
  });

  it("accepts a header alg equal to algorithm", async () => {
    expect(await runOk(jwtSign, { payload: { a: 1 }, secret: SECRET, algorithm: "HS384", header: { alg: "HS384" } })).toHaveProperty("token");
  });

  it("refuses a non-string typ and headers jose rejects (unencoded payload)", async () => {
    expect(await runRefused(jwtSign, { payload: {}, secret: SECRET, header: { typ: 1 } })).toMatchObject({ code: "invalid_input" });
    const b64 = await runRefused(jwtSign, { payload: {}, secret: SECRET, header: { b64: false, crit: ["b64"] } });
    expect(b64).toMatchObject({ code: "invalid_input" });
  });

  it("warns per algorithm when the secret is shorter than its hash", async () => {
    const { warnings } = await runOk<{ warnings: string[] }>(jwtSign, { payload: {}, secret: "x".repeat(47), algorithm: "HS384" });
    expect(warnings).toEqual(["The secret has 47 bytes; RFC 7518 requires at least 48 for HS384."]);
  });

  it("adds no iat of its own and round-trips through jwt-verify", async () => {
    const { token } = await runOk<{ token: string }>(jwtSign, { payload: { sub: "x" }, secret: SECRET, algorithm: "HS512" });
    expect(await runOk(jwtDecode, { token })).toMatchObject({ payload: { sub: "x" }, issuedAt: null });
    const verified = await runOk(jwtVerify, { token, secret: SECRET, algorithms: ["HS512"] });
    expect(verified).toEqual({ valid: true, header: { alg: "HS512", typ: "JWT" }, payload: { sub: "x" }, error: null });
  });

  it("keeps a __proto__ header member as plain data without polluting prototypes", async () => {
    const header = JSON.parse('{"__proto__": {"polluted": true}, "kid": "k"}') as Record<string, unknown>;
    const { token } = await runOk<{ token: string }>(jwtSign, { payload: {}, secret: SECRET, header });
    const decoded = await runOk<{ header: Record<string, unknown> }>(jwtDecode, { token });
    expect(Object.hasOwn(decoded.header, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
