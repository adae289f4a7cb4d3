import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateDiff } from "./date-diff.ts";
import { outputOf, refusalOf } from "../testing/tool-harness.ts";

const instant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) }).map((ms) => new Date(ms).toISOString());

describe("date-diff", () => {
  it("is antisymmetric in its exact totals and signs every breakdown part like the total", async () => {
    await fc.assert(
      fc.asyncProperty(instant, instant, async (start, end) => {
        const forward = await outputOf(dateDiff, { start, end });
        const backward = await outputOf(dateDiff, { start: end, end: start });
        expect(forward.milliseconds).toBe(Date.parse(end) - Date.parse(start));
        expect(backward.milliseconds + 0).toBe(-forward.milliseconds + 0); // + 0 folds -0: equal instants differ by zero either way
        for (const part of Object.values(forward.breakdown) as number[]) expect(part * forward.milliseconds >= 0).toBe(true);
        expect(forward.iso8601Duration.startsWith("-")).toBe(forward.milliseconds < 0);
      }),
      { numRuns: 200 },
    );
  });

  it("reads a string without offset as UTC", async () => {
    expect((await outputOf(dateDiff, { start: "2024-01-01T00:00:00", end: "2024-01-01T01:00:00Z" })).milliseconds).toBe(0 + 3_600_000);
  });

  it("refuses text that is not ISO 8601 (422)", async () => {
    expect(await refusalOf(dateDiff, { start: "last week", end: "2024-01-01T00:00:00Z" })).toBe("tool");
    expect(await refusalOf(dateDiff, { start: "2024-01-01T00:00:00Z", end: "2024-13-01T00:00:00Z" })).toBe("tool");
  });
});
