import { describe, expect, it } from "vitest";
import { jwtSign } from "./jwt-sign.ts";
import { jwtVerify } from "./jwt-verify.ts";
import { outputOf, refusalOf, zeroContext } from "../testing/tool-harness.ts";

const SECRET = "a-string-secret-at-least-256-bits-long";
const clockAt = (seconds: number) => ({ now: () => seconds * 1000, randomBytes: (size: number) => new Uint8Array(size) });
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("jwt-verify", () => {
  it("checks exp against the context clock when currentTime is absent", async () => {
    const { token } = await outputOf(jwtSign, { payload: { exp: 1_000 }, secret: SECRET }, zeroContext);
    expect((await outputOf(jwtVerify, { token, secret: SECRET }, clockAt(999))).valid).toBe(true);
    expect((await outputOf(jwtVerify, { token, secret: SECRET }, clockAt(1_000))).error?.code).toBe("token_expired");
  });

  it("never accepts an unsecured alg none token", async () => {
    const token = `${b64url({ alg: "none" })}.${b64url({ sub: "admin" })}.`;
    const result = await outputOf(jwtVerify, { token, secret: SECRET }, zeroContext);
    expect(result).toMatchObject({ valid: false, error: { code: "algorithm_not_allowed" } });
  });

  it.each(["not-a-jwt", "a.b.c", "....", ""])("answers valid false, malformed_token, for %j", async (token) => {
    expect(await outputOf(jwtVerify, { token, secret: SECRET }, zeroContext)).toMatchObject({ valid: false, error: { code: "malformed_token" } });
  });

  it("refuses algorithms outside HS256/384/512, and an empty list", async () => {
    expect((await refusalOf(jwtVerify, { token: "a.b.c", secret: SECRET, algorithms: ["none"] })) === "schema").toBe(true);
    expect((await refusalOf(jwtVerify, { token: "a.b.c", secret: SECRET, algorithms: ["RS256"] })) === "schema").toBe(true);
    expect((await refusalOf(jwtVerify, { token: "a.b.c", secret: SECRET, algorithms: [] })) === "schema").toBe(true);
  });
});
