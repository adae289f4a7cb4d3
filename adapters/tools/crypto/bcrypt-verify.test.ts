import { describe, expect, it } from "vitest";
import { bcryptHash } from "./bcrypt-hash.ts";
import { bcryptVerify } from "./bcrypt-verify.ts";
import { isSchemaRefused, runOk, runRefused } from "./run-tool.ts";

const U_HASH = "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";

describe("bcrypt-verify", () => {
  it.each(["$2a$15$", "$2a$31$", "$2a$03$", "$2a$00$"])("refuses a hash of cost %s with 422 before any work", async (prefix) => {
    const error = await runRefused(bcryptVerify, { password: "U*U", hash: prefix + U_HASH.slice(7) });
    expect(error).toMatchObject({ code: "invalid_input", details: [{ path: "/input/hash" }] });
  });

  it("refuses text that is not a 60-character bcrypt hash in the schema", async () => {
    expect(await isSchemaRefused(bcryptVerify, { password: "U*U", hash: U_HASH.slice(0, 59) })).toBe(true);
    expect(await isSchemaRefused(bcryptVerify, { password: "U*U", hash: `$1$${U_HASH.slice(3)}` })).toBe(true);
  });

  it("verifies what bcrypt-hash produced, and nothing else", async () => {
    const { hash } = await runOk<{ hash: string }>(bcryptHash, { password: "pässwörd", rounds: 4 });
    expect(await runOk(bcryptVerify, { password: "pässwörd", hash })).toEqual({ match: true, rounds: 4 });
    expect(await runOk(bcryptVerify, { password: "passwörd", hash })).toEqual({ match: false, rounds: 4 });
  });
});
