import { describe, expect, it } from "vitest";
import { etaCalculator } from "./eta-calculator.ts";
import { outputOf, refusalOf, toTestContext } from "../testing/tool-harness.ts";

describe("eta-calculator", () => {
  it("starts from the context clock when start is missing", async () => {
    const out = await outputOf(etaCalculator, { totalUnits: 90, unitsPerPeriod: 1, periodSeconds: 60 }, toTestContext(Date.UTC(2026, 0, 1)));
    expect(out).toEqual({ durationSeconds: 5400, durationIso8601: "PT1H30M", end: "2026-01-01T01:30:00.000Z" });
  });

  it("refuses a job that would end beyond the date range (422)", async () => {
    expect(await refusalOf(etaCalculator, { totalUnits: 1e15, unitsPerPeriod: 1e-300, periodSeconds: 1e15 })).toBe("tool");
    expect(await refusalOf(etaCalculator, { totalUnits: 1e15, unitsPerPeriod: 1, periodSeconds: 1e6 })).toBe("tool");
  });

  it("refuses zero or negative rates and a bad start", async () => {
    expect(await refusalOf(etaCalculator, { totalUnits: 1, unitsPerPeriod: 0, periodSeconds: 1 })).toBe("schema");
    expect(await refusalOf(etaCalculator, { totalUnits: -1, unitsPerPeriod: 1, periodSeconds: 1 })).toBe("schema");
    expect(await refusalOf(etaCalculator, { totalUnits: 1, unitsPerPeriod: 1, periodSeconds: 1, start: "tomorrow" })).toBe("tool");
  });
});
