import { compareSync } from "bcryptjs";
import { describe, expect, it } from "vitest";
import { bcryptHash } from "./bcrypt-hash.ts";
import { isSchemaRefused, runOk, runRefused } from "./run-tool.ts";

describe("bcrypt-hash", () => {
  it("refuses a password over 72 UTF-8 bytes instead of truncating it", async () => {
    const error = await runRefused(bcryptHash, { password: "é".repeat(37), rounds: 4 });
    expect(error).toMatchObject({ code: "invalid_input", details: [{ path: "/input/password" }] });
  });

  it("accepts exactly 72 UTF-8 bytes", async () => {
    expect((await runOk(bcryptHash, { password: "é".repeat(36), rounds: 4 })).rounds).toBe(4);
  });

  it.each(["$2b$15$abcdefghijklmnopqrstuu", "$2b$31$abcdefghijklmnopqrstuu", "$2b$03$abcdefghijklmnopqrstuu"])(
    "refuses the salt %s whose cost is outside 4–14",
    async (salt) => {
      expect(await runRefused(bcryptHash, { password: "x", salt })).toMatchObject({ details: [{ path: "/input/salt" }] });
    },
  );

  it("refuses rounds above 14 and malformed salts in the schema", async () => {
    expect(await isSchemaRefused(bcryptHash, { password: "x", rounds: 15 })).toBe(true);
    expect(await isSchemaRefused(bcryptHash, { password: "x", salt: "$2x$05$CCCCCCCCCCCCCCCCCCCCC." })).toBe(true);
    expect(await isSchemaRefused(bcryptHash, { password: "" })).toBe(true);
  });

  it("draws a $2b$ salt from the context's random bytes at the requested cost", async () => {
    const { hash, rounds } = await runOk<{ hash: string; rounds: number }>(bcryptHash, { password: "hunter2", rounds: 4 });
    // All-zero bytes encode to bcrypt base64 '.'; the 22nd character carries only 4 salt bits.
    expect(hash.slice(0, 29)).toBe(`$2b$04$${".".repeat(22)}`);
    expect(rounds).toBe(4);
    expect(compareSync("hunter2", hash)).toBe(true);
  });

  it("produces a different hash per call with a real random source", async () => {
    const context = { now: () => 0, randomBytes: (size: number) => crypto.getRandomValues(new Uint8Array(size)) };
    const first = await runOk(bcryptHash, { password: "same", rounds: 4 }, context);
    const second = await runOk(bcryptHash, { password: "same", rounds: 4 }, context);
    expect(first.hash).not.toBe(second.hash);
  });
});
