import { validateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bip39Mnemonic } from "./bip39-mnemonic.ts";
import { outputOf, refusalOf, zeroContext } from "../testing/tool-harness.ts";

describe("bip39-mnemonic", () => {
  it("draws wordCount × 4/3 bytes of entropy from the context's CSPRNG", async () => {
    const requested: number[] = [];
    const context = { now: () => 0, randomBytes: (size: number) => (requested.push(size), new Uint8Array(size)) };
    for (const wordCount of [12, 15, 18, 21, 24]) {
      const output = await outputOf(bip39Mnemonic, { wordCount }, context);
      expect(output.wordCount).toBe(wordCount);
      expect(output.entropy).toBe("00".repeat((wordCount / 3) * 4));
    }
    expect(requested).toEqual([16, 20, 24, 28, 32]);
  });

  it("reproduces the all-zero TREZOR vector from zero random bytes", async () => {
    const output = await outputOf(bip39Mnemonic, { passphrase: "TREZOR" }, zeroContext);
    expect(output.mnemonic).toBe("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about");
    expect(output.seed.startsWith("c55257c360c07c72")).toBe(true);
  });

  it("lets given entropy decide the word count, ignoring wordCount", async () => {
    const output = await outputOf(bip39Mnemonic, { entropy: "FF".repeat(32), wordCount: 12 }, zeroContext);
    expect(output).toMatchObject({ wordCount: 24, entropy: "ff".repeat(32) });
  });

  it("always yields a checksum-valid English mnemonic", async () => {
    const sizes = fc.constantFrom(16, 20, 24, 28, 32);
    const entropies = sizes.chain((size) => fc.uint8Array({ minLength: size, maxLength: size }));
    await fc.assert(
      fc.asyncProperty(entropies, async (bytes) => {
        const { mnemonic } = await outputOf(bip39Mnemonic, { entropy: Buffer.from(bytes).toString("hex") }, zeroContext);
        expect(validateMnemonic(mnemonic, wordlist)).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it.each(["00", "0".repeat(30), "0".repeat(34), "zz".repeat(16)])("refuses the entropy %s in the schema", async (entropy) => {
    expect((await refusalOf(bip39Mnemonic, { entropy })) === "schema").toBe(true);
  });
});
