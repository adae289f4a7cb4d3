import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aesDecrypt } from "./aes-decrypt.ts";
import { aesEncrypt } from "./aes-encrypt.ts";
import { errorOf, outputOf, refusalOf, zeroContext } from "../testing/tool-harness.ts";

const KEY_256 = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4";
const hexOf = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => Buffer.from(b).toString("hex"));

describe("aes-encrypt", () => {
  it("round-trips any UTF-8 text through aes-decrypt in every mode and key size", async () => {
    const cases = fc.record({
      plaintext: fc.string({ unit: "grapheme", maxLength: 200 }),
      key: fc.oneof(hexOf(16), hexOf(24), hexOf(32)),
      mode: fc.constantFrom("gcm", "cbc", "ctr"),
      aad: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ plaintext, key, mode, aad }) => {
        const withAad = mode === "gcm" && aad !== undefined ? { aad } : {};
        const encrypted = await outputOf(aesEncrypt, { plaintext, key, mode, ...withAad }, randomContext());
        expect(encrypted.algorithm).toBe(`aes-${key.length * 4}-${mode}`);
        const { ciphertext, iv, authTag } = encrypted;
        const decrypted = await outputOf(aesDecrypt, { ciphertext, iv, authTag, key, mode, ...withAad }, zeroContext);
        expect(decrypted).toEqual({ plaintext });
      }),
      { numRuns: 60 },
    );
  });

  it("takes a fresh IV of the mode's size from the context when none is given", async () => {
    const gcm = await outputOf(aesEncrypt, { plaintext: "x", key: KEY_256 }, zeroContext);
    const cbc = await outputOf(aesEncrypt, { plaintext: "x", key: KEY_256, mode: "cbc" }, zeroContext);
    expect(gcm.iv).toBe("00".repeat(12));
    expect(cbc.iv).toBe("00".repeat(16));
    expect(cbc.authTag).toBeNull();
  });

  it("refuses an IV of the wrong size for the mode (its schema says which)", async () => {
    expect(await errorOf(aesEncrypt, { plaintext: "x", key: KEY_256, mode: "gcm", iv: "00".repeat(16) })).toMatchObject({
      details: [{ path: "/input/iv" }],
    });
    expect(await errorOf(aesEncrypt, { plaintext: "x", key: KEY_256, mode: "cbc", iv: "00".repeat(12) })).toMatchObject({
      details: [{ path: "/input/iv" }],
    });
  });

  it("refuses aad outside gcm (its schema says so)", async () => {
    expect(await errorOf(aesEncrypt, { plaintext: "x", key: KEY_256, mode: "ctr", aad: "h" })).toMatchObject({
      details: [{ path: "/input/aad" }],
    });
  });

  it.each(["00", "0".repeat(40), "g".repeat(32), "0".repeat(66)])("refuses the key %s in the schema", async (key) => {
    expect((await refusalOf(aesEncrypt, { plaintext: "x", key })) === "schema").toBe(true);
  });
});

function randomContext() {
  return { now: () => 0, randomBytes: (size: number) => crypto.getRandomValues(new Uint8Array(size)) };
}
