import fc from "fast-check";
import { urlAlphabet } from "nanoid";
import { describe, expect, it } from "vitest";
import { nanoidGenerator } from "./nanoid-generator.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

const distinctAlphabet = fc
  .uniqueArray(fc.integer({ min: 0x21, max: 0x7e }), { minLength: 2, maxLength: 94 })
  .map((codes) => String.fromCharCode(...codes));

describe("nanoid-generator", () => {
  it("returns IDs of the requested size drawn only from the alphabet", async () => {
    await fc.assert(
      fc.asyncProperty(distinctAlphabet, fc.integer({ min: 2, max: 256 }), fc.option(fc.nat(), { nil: undefined }), async (alphabet, size, seed) => {
        const { ids } = await outputOf(nanoidGenerator, { alphabet, size, count: 3, ...(seed === undefined ? {} : { seed }) });
        expect(ids).toHaveLength(3);
        for (const id of ids) {
          expect(id).toHaveLength(size);
          for (const char of id) expect(alphabet).toContain(char);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("defaults to 21 characters of the URL-safe alphabet", async () => {
    const { ids } = await outputOf(nanoidGenerator, {});
    expect(ids[0]).toHaveLength(21);
    for (const char of ids[0]) expect(urlAlphabet).toContain(char);
  });

  it("refuses repeated alphabet characters and astral characters", async () => {
    expect(await refusalOf(nanoidGenerator, { alphabet: "abca" })).toBe("tool");
    expect(await refusalOf(nanoidGenerator, { alphabet: "ab😀" })).toBe("tool");
  });

  it("refuses sizes and alphabets outside the catalog limits in the schema", async () => {
    expect(await refusalOf(nanoidGenerator, { size: 1 })).toBe("schema");
    expect(await refusalOf(nanoidGenerator, { size: 257 })).toBe("schema");
    expect(await refusalOf(nanoidGenerator, { alphabet: "a" })).toBe("schema");
  });
});
