import { describe, expect, it } from "vitest";
import { pbkdf2Derive } from "./pbkdf2-derive.ts";
import { errorOf, outputOf, refusalOf, toolErrorOf, zeroContext } from "../testing/tool-harness.ts";

const BASE = { password: "password", iterations: 1, keyLength: 20, digest: "sha1" };
const RFC6070_ONE_ITERATION = "0c60c80f961f0e71f3a9b524af6012062fe037a6";

describe("pbkdf2-derive", () => {
  it("derives the same key from the same salt in each encoding", async () => {
    for (const [salt, saltEncoding] of [["salt", "utf8"], ["73616c74", "hex"], ["73616C74", "hex"], ["c2FsdA==", "base64"]]) {
      expect((await outputOf(pbkdf2Derive, { ...BASE, salt, saltEncoding }, zeroContext)).derivedKey).toBe(RFC6070_ONE_ITERATION);
    }
  });

  it.each([
    ["abc", "hex"],
    ["zz", "hex"],
    ["c2FsdA", "base64"],
    ["c2F sdA==", "base64"],
    ["c2FsdA=!", "base64"],
  ])("refuses the %s salt %j instead of decoding it leniently (its schema says the syntax)", async (salt, saltEncoding) => {
    expect(await errorOf(pbkdf2Derive, { ...BASE, salt, saltEncoding })).toMatchObject({ details: [{ path: "/input/salt" }] });
  });

  it("caps iterations at 1,000,000 and keyLength at 256 bytes", async () => {
    expect((await refusalOf(pbkdf2Derive, { ...BASE, salt: "s", iterations: 1_000_001 })) === "schema").toBe(true);
    expect((await refusalOf(pbkdf2Derive, { ...BASE, salt: "s", iterations: 0 })) === "schema").toBe(true);
    expect((await refusalOf(pbkdf2Derive, { ...BASE, salt: "s", keyLength: 257 })) === "schema").toBe(true);
    expect((await refusalOf(pbkdf2Derive, { ...BASE, salt: "s", digest: "md5" })) === "schema").toBe(true);
  });

  it("bounds iterations × output blocks at 2,000,000, naming the bound", async () => {
    // 1,000,000 iterations × 2 blocks (40 bytes of SHA-1 = 2 × 20): the largest run the bound lets through.
    expect(await refusalOf(pbkdf2Derive, { ...BASE, salt: "s", iterations: 1_000_000, keyLength: 40 })).toBe("ok");
    const error = await toolErrorOf(pbkdf2Derive, { ...BASE, salt: "s", iterations: 1_000_000, keyLength: 41 }, zeroContext);
    expect(error).toMatchObject({ code: "invalid_input", details: [{ path: "/input/iterations" }] });
    expect(error.message).toContain("2,000,000");
  }, 60_000);
});
