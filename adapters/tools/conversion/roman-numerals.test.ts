import { describe, expect, it } from "vitest";
import { numberToRoman } from "./number-to-roman.ts";
import { romanToNumber } from "./roman-to-number.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

// The classic validation pattern for canonical numerals, independent of the table the tools use.
const CANONICAL = /^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/;

describe("number-to-roman and roman-to-number", () => {
  it("round-trip every value from 1 to 3999 through canonical numerals", async () => {
    const seen = new Set<string>();
    for (let number = 1; number <= 3999; number++) {
      const { roman } = await outputOf(numberToRoman, { number });
      expect(roman).toMatch(CANONICAL);
      seen.add(roman);
      expect(await outputOf(romanToNumber, { roman })).toEqual({ number });
    }
    expect(seen.size).toBe(3999);
  });

  it("refuses non-canonical and malformed numerals", async () => {
    for (const roman of ["IIII", "VV", "IC", "XM", "MMMM", "IIV", "VX", "ABC", "X I", "N"]) {
      expect((await errorOf(romanToNumber, { roman })).code).toBe("invalid_input");
    }
  });

  it("refuses 0 and 4000 through the schema", async () => {
    for (const number of [0, 4000, 1.5]) expect((await errorOf(numberToRoman, { number })).code).toBe("invalid_input");
  });
});
