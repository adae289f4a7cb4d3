import { describe, expect, it } from "vitest";
import { jwtDecode } from "./jwt-decode.ts";
import { outputOf, refusalOf, toolErrorOf, zeroContext } from "../testing/tool-harness.ts";

const b64url = (text: string) => Buffer.from(text).toString("base64url");
const HEADER = b64url('{"alg":"HS256"}');

describe("jwt-decode", () => {
  it("refuses a payload that is not a JSON object with 422", async () => {
    for (const payload of ["[1,2]", "not json", '"text"']) {
      const error = await toolErrorOf(jwtDecode, { token: `${HEADER}.${b64url(payload)}.sig` }, zeroContext);
      expect(error).toMatchObject({ code: "invalid_input", details: [{ path: "/input/token" }] });
    }
  });

  it("reports null for time claims that are not finite numbers or are out of range", async () => {
    const payload = b64url('{"iat":"yesterday","exp":1e300,"nbf":-8.64e15}');
    const output = await outputOf(jwtDecode, { token: `${HEADER}.${payload}.` }, zeroContext);
    expect(output).toMatchObject({ issuedAt: null, expiresAt: null, notBefore: null, signature: "" });
  });

  it("keeps a __proto__ claim as data without polluting prototypes", async () => {
    const output = await outputOf(jwtDecode, { token: `${HEADER}.${b64url('{"__proto__":{"polluted":1}}')}.x` }, zeroContext);
    expect(Object.hasOwn(output.payload, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses more or fewer than three parts, and tokens over 16 KiB, in the schema", async () => {
    expect((await refusalOf(jwtDecode, { token: "a.b" })) === "schema").toBe(true);
    expect((await refusalOf(jwtDecode, { token: "a.b.c.d.e" })) === "schema").toBe(true);
    expect((await refusalOf(jwtDecode, { token: `${HEADER}.${"a".repeat(16_384)}.x` })) === "schema").toBe(true);
  });
});
