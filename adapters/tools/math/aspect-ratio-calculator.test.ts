import { describe, expect, it } from "vitest";
import { outputOf, refusalOf, runTool, SchemaRefusal } from "../web/test-support.ts";
import { aspectRatioCalculator } from "./aspect-ratio-calculator.ts";

describe("aspect-ratio-calculator", () => {
  it("refuses both targets at once", async () => {
    expect(await refusalOf(aspectRatioCalculator, { width: 4, height: 3, targetWidth: 8, targetHeight: 6 })).toBe("invalid_input");
  });

  it("refuses a zero side through the schema", async () => {
    await expect(runTool(aspectRatioCalculator, { width: 0, height: 3 })).rejects.toBeInstanceOf(SchemaRefusal);
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
