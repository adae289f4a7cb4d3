import { compareSync } from "bcryptjs";
import { describe, expect, it } from "vitest";
import { bcryptHash } from "./bcrypt-hash.ts";
import { errorOf, outputOf, refusalOf, toolErrorOf, zeroContext } from "../testing/tool-harness.ts";

describe("bcrypt-hash", () => {
  it("refuses a password over 72 UTF-8 bytes instead of truncating it", async () => {
    const error = await toolErrorOf(bcryptHash, { password: "é".repeat(37), rounds: 4 }, zeroContext);
    expect(error).toMatchObject({ code: "invalid_input", details: [{ path: "/input/password" }] });
  });

  it("accepts exactly 72 UTF-8 bytes", async () => {
    expect((await outputOf(bcryptHash, { password: "é".repeat(36), rounds: 4 }, zeroContext)).rounds).toBe(4);
  });

  it.each(["$2b$15$abcdefghijklmnopqrstuu", "$2b$31$abcdefghijklmnopqrstuu", "$2b$03$abcdefghijklmnopqrstuu"])(
    "refuses the salt %s whose cost is outside 4–14 (its schema pattern says so)",
    async (salt) => {
      expect(await errorOf(bcryptHash, { password: "x", salt })).toMatchObject({ details: [{ path: "/input/salt" }] });
    },
  );

  it("refuses rounds above 14 and malformed salts in the schema", async () => {
    expect((await refusalOf(bcryptHash, { password: "x", rounds: 15 })) === "schema").toBe(true);
    expect((await refusalOf(bcryptHash, { password: "x", salt: "$2x$05$CCCCCCCCCCCCCCCCCCCCC." })) === "schema").toBe(true);
    expect((await refusalOf(bcryptHash, { password: "" })) === "schema").toBe(true);
  });

  it("draws a $2b$ salt from the context's random bytes at the requested cost", async () => {
    const { hash, rounds } = await outputOf(bcryptHash, { password: "hunter2", rounds: 4 }, zeroContext);
    // All-zero bytes encode to bcrypt base64 '.'; the 22nd character carries only 4 salt bits.
    expect(hash.slice(0, 29)).toBe(`$2b$04$${".".repeat(22)}`);
    expect(rounds).toBe(4);
    expect(compareSync("hunter2", hash)).toBe(true);
  });

  it("produces a different hash per call with a real random source", async () => {
    const context = { now: () => 0, randomBytes: (size: number) => crypto.getRandomValues(new Uint8Array(size)) };
    const first = await outputOf(bcryptHash, { password: "same", rounds: 4 }, context);
    const second = await outputOf(bcryptHash, { password: "same", rounds: 4 }, context);
    expect(first.hash).not.toBe(second.hash);
  });
});
