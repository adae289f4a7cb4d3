import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { floatIeee754Converter } from "./float-ieee754-converter.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

/** Rebuilds the value from the fields: (−1)^s × (implicit bit + mantissa/2^m) × 2^exponent. */
function rebuild(sign: number, exponent: number, exponentBits: string, mantissaBits: string): number {
  const implicit = /1/.test(exponentBits) ? 1 : 0;
  const fraction = Number(BigInt(`0b${mantissaBits}`)) / 2 ** mantissaBits.length;
  return (sign ? -1 : 1) * (implicit + fraction) * 2 ** exponent;
}

describe("float-ieee754-converter", () => {
  it("reports fields that rebuild the stored double (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), async (value) => {
        const output = await outputOf(floatIeee754Converter, { value, precision: 64 });
        expect(output.binary).toHaveLength(64);
        expect(rebuild(output.sign, output.exponent, output.exponentBits, output.mantissaBits)).toBe(value);
      }),
      { numRuns: 300 },
    );
  });

  it("reports binary32 fields that rebuild Math.fround of the value (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.float({ noNaN: true, noDefaultInfinity: true }), async (value) => {
        const output = await outputOf(floatIeee754Converter, { value, precision: 32 });
        expect(output.storedValue).toBe(Math.fround(value));
        expect(rebuild(output.sign, output.exponent, output.exponentBits, output.mantissaBits)).toBe(Math.fround(value));
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a value that overflows binary32", async () => {
    expect((await errorOf(floatIeee754Converter, { value: 1e39, precision: 32 })).code).toBe("invalid_input");
  });

  it("shows the sign bit of negative zero", async () => {
    const output = await outputOf(floatIeee754Converter, { value: -0, precision: 64 });
    expect(output.hex).toBe("8000000000000000");
    expect(output.sign).toBe(1);
  });
});
