import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SIMILAR_CHARACTERS, TOKEN_CLASSES, tokenGenerator } from "./token-generator.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

const CLASS_NAMES = Object.keys(TOKEN_CLASSES) as (keyof typeof TOKEN_CLASSES)[];

const request = fc.record({
  length: fc.integer({ min: 1, max: 512 }),
  uppercase: fc.boolean(),
  lowercase: fc.boolean(),
  numbers: fc.boolean(),
  symbols: fc.boolean(),
  excludeSimilar: fc.boolean(),
  count: fc.integer({ min: 1, max: 5 }),
});

describe("token-generator", () => {
  it("returns tokens of the requested length using only enabled classes", async () => {
    await fc.assert(
      fc.asyncProperty(request.filter((input) => CLASS_NAMES.some((name) => input[name])), async (input) => {
        const { tokens } = await outputOf(tokenGenerator, input);
        const allowed = CLASS_NAMES.filter((name) => input[name]).map((name) => TOKEN_CLASSES[name]).join("");
        expect(tokens).toHaveLength(input.count);
        for (const token of tokens) {
          expect(token).toHaveLength(input.length);
          for (const char of token) {
            expect(allowed).toContain(char);
            if (input.excludeSimilar) expect(SIMILAR_CHARACTERS).not.toContain(char);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("uses every enabled class over a long token", async () => {
    const { tokens } = await outputOf(tokenGenerator, { length: 512, symbols: true });
    for (const name of CLASS_NAMES) expect([...tokens[0]].some((char) => TOKEN_CLASSES[name].includes(char))).toBe(true);
  });

  it("refuses a request with no character class (422)", async () => {
    const none = { uppercase: false, lowercase: false, numbers: false, symbols: false };
    expect(await refusalOf(tokenGenerator, none)).toBe("tool");
  });

  it("has no seed: a seeded token could be replayed", async () => {
    expect(await refusalOf(tokenGenerator, { seed: 1 })).toBe("schema");
  });
});
