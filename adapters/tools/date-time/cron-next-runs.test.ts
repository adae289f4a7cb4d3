import { describe, expect, it } from "vitest";
import { cronNextRuns } from "./cron-next-runs.ts";
import { outputOf, refusalOf, toTestContext } from "../testing/tool-harness.ts";

describe("cron-next-runs", () => {
  it("starts from the context clock when from is missing", async () => {
    const { runs } = await outputOf(cronNextRuns, { expression: "0 * * * *", count: 2 }, toTestContext(Date.UTC(2026, 0, 1, 10, 30)));
    expect(runs).toEqual(["2026-01-01T11:00:00.000Z", "2026-01-01T12:00:00.000Z"]);
  });

  it("returns count strictly increasing runs", async () => {
    const { runs } = await outputOf(cronNextRuns, { expression: "*/7 3-5 * * 1,3", from: "2026-01-01T00:00:00Z", count: 50 });
    expect(runs).toHaveLength(50);
    for (let index = 1; index < runs.length; index++) expect(Date.parse(runs[index])).toBeGreaterThan(Date.parse(runs[index - 1]));
  });

  it("runs a repeated fall-back wall time once, at its first occurrence", async () => {
    const { runs } = await outputOf(cronNextRuns, { expression: "30 2 * * *", from: "2024-10-26T12:00:00Z", count: 2, timeZone: "Europe/Paris" });
    expect(runs).toEqual(["2024-10-27T00:30:00.000Z", "2024-10-28T01:30:00.000Z"]);
  });

  it("refuses impossible dates, bad syntax, unknown zones and bad from values (422)", async () => {
    expect(await refusalOf(cronNextRuns, { expression: "0 0 30 2 *", from: "2026-01-01T00:00:00Z" })).toBe("tool");
    expect(await refusalOf(cronNextRuns, { expression: "61 * * * *", from: "2026-01-01T00:00:00Z" })).toBe("tool");
    expect(await refusalOf(cronNextRuns, { expression: "* * * * *", timeZone: "Nowhere/City" })).toBe("tool");
    expect(await refusalOf(cronNextRuns, { expression: "* * * * *", from: "soon" })).toBe("tool");
    expect(await refusalOf(cronNextRuns, { expression: "* * * * *", count: 51 })).toBe("schema");
  });
});
