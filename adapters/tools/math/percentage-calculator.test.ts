import { describe, expect, it } from "vitest";
import { percentageCalculator } from "./percentage-calculator.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("percentage-calculator", () => {
  it("refuses a division by zero with invalid_input", async () => {
    expect(await refusalOf(percentageCalculator, { operation: "whatPercent", x: 5, y: 0 })).toBe("tool");
    expect(await refusalOf(percentageCalculator, { operation: "percentChange", x: 0, y: 5 })).toBe("tool");
  });

  it("refuses a result that overflows to Infinity", async () => {
    expect(await refusalOf(percentageCalculator, { operation: "percentOf", x: 1e308, y: 1e308 })).toBe("tool");
  });

  it("measures a change from a negative base against its magnitude", async () => {
    expect(await outputOf(percentageCalculator, { operation: "percentChange", x: -50, y: -25 })).toEqual({ result: 50 });
  });
});
