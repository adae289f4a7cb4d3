import { describe, expect, it } from "vitest";
import { aspectRatioCalculator } from "./aspect-ratio-calculator.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

describe("aspect-ratio-calculator", () => {
  it("refuses both targets at once, in its schema", async () => {
    expect(await refusalOf(aspectRatioCalculator, { width: 4, height: 3, targetWidth: 8, targetHeight: 6 })).toBe("schema");
  });

  it("refuses a zero side through the schema", async () => {
    expect(await refusalOf(aspectRatioCalculator, { width: 0, height: 3 })).toBe("schema");
  });

  it("leaves a coprime ratio unreduced and keeps fractional targets", async () => {
    expect(await outputOf(aspectRatioCalculator, { width: 7, height: 3, targetWidth: 10 })).toEqual({
      ratio: "7:3",
      decimal: 7 / 3,
      targetWidth: 10,
      targetHeight: 30 / 7,
    });
  });
});
