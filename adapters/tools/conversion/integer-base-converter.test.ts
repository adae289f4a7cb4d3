import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { integerBaseConverter } from "./integer-base-converter.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("integer-base-converter", () => {
  it("reads any integer written in any base, upper or lower case (property)", async () => {
    const base = fc.integer({ min: 2, max: 36 });
    const cases = fc.record({ n: fc.bigInt({ min: -(2n ** 250n), max: 2n ** 250n }), from: base, to: base });
    await fc.assert(
      fc.asyncProperty(cases, async ({ n, from, to }) => {
        const value = n.toString(from).toUpperCase();
        const output = await outputOf(integerBaseConverter, { value, fromBase: from, toBase: to });
        expect(output.decimal).toBe(n.toString());
        const magnitude = BigInt(`0x${output.hexadecimal.replace("-", "")}`);
        expect(output.hexadecimal.startsWith("-") ? -magnitude : magnitude).toBe(n);
      }),
      { numRuns: 200 },
    );
  });

  it("refuses a digit that does not exist in the source base", async () => {
    expect((await errorOf(integerBaseConverter, { value: "129", fromBase: 8, toBase: 10 })).message).toContain("'9'");
  });

  it("refuses signs, spaces and prefixes through the schema", async () => {
    for (const value of ["+1", "1 0", "0x1f", "", "--1", "-"]) {
      expect((await errorOf(integerBaseConverter, { value, fromBase: 16, toBase: 10 })).code).toBe("invalid_input");
    }
  });

  it("writes negative zero as 0", async () => {
    expect((await outputOf(integerBaseConverter, { value: "-0", fromBase: 10, toBase: 2 })).result).toBe("0");
  });
});
