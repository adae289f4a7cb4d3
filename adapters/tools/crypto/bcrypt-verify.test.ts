import { describe, expect, it } from "vitest";
import { bcryptHash } from "./bcrypt-hash.ts";
import { bcryptVerify } from "./bcrypt-verify.ts";
import { errorOf, outputOf, refusalOf, zeroContext } from "../testing/tool-harness.ts";

const U_HASH = "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW";

describe("bcrypt-verify", () => {
  it.each(["$2a$15$", "$2a$31$", "$2a$03$", "$2a$00$"])("refuses a hash of cost %s with 422 before any work (its schema pattern says so)", async (prefix) => {
    const error = await errorOf(bcryptVerify, { password: "U*U", hash: prefix + U_HASH.slice(7) });
    expect(error).toMatchObject({ code: "invalid_input", details: [{ path: "/input/hash" }] });
  });

  it("refuses text that is not a 60-character bcrypt hash in the schema", async () => {
    expect((await refusalOf(bcryptVerify, { password: "U*U", hash: U_HASH.slice(0, 59) })) === "schema").toBe(true);
    expect((await refusalOf(bcryptVerify, { password: "U*U", hash: `$1$${U_HASH.slice(3)}` })) === "schema").toBe(true);
  });

  it("verifies what bcrypt-hash produced, and nothing else", async () => {
    const { hash } = await outputOf(bcryptHash, { password: "pässwörd", rounds: 4 }, zeroContext);
    expect(await outputOf(bcryptVerify, { password: "pässwörd", hash }, zeroContext)).toEqual({ match: true, rounds: 4 });
    expect(await outputOf(bcryptVerify, { password: "passwörd", hash }, zeroContext)).toEqual({ match: false, rounds: 4 });
  });
});
