import { describe, expect, it } from "vitest";
import { readUsageWindow } from "./usage-window.ts";

const NOW = Date.UTC(2026, 2, 10, 14, 37, 21);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

describe("readUsageWindow", () => {
  it("defaults to the last 24 h per minute, one bucket a minute up to now", () => {
    const window = readUsageWindow({}, NOW);
    if (!window.ok) throw new Error("refused");
    expect(window.value.granularity).toBe("minute");
    expect(window.value.from).toBe(Date.UTC(2026, 2, 9, 14, 37));
    expect(window.value.to).toBe(NOW);
    expect(window.value.buckets).toHaveLength(24 * 60 + 1);
  });

  it.each([
    ["2 days back is still kept per minute", NOW - 47 * HOUR, "minute"],
    ["3 days back is kept per hour", NOW - 3 * DAY, "hour"],
    ["100 days back is kept per day", NOW - 100 * DAY, "day"],
    ["2 years back answers per day", NOW - 730 * DAY, "day"],
  ])("%s", (_name, from, granularity) => {
    const window = readUsageWindow({ from: iso(from) }, NOW);
    expect(window.ok && window.value.granularity).toBe(granularity);
  });

  it("answers what is kept of a range reaching past retention, and says from when", () => {
    const window = readUsageWindow({ from: iso(NOW - 5 * DAY), granularity: "minute" }, NOW);
    if (!window.ok) throw new Error("refused");
    expect(window.value.retainedFrom).toBe(Date.UTC(2026, 2, 8, 14, 37));
    expect(window.value.from).toBe(window.value.retainedFrom);
    expect(window.value.buckets[0]).toBe(window.value.retainedFrom);
  });

  it("stops a range ending in the future at now", () => {
    const window = readUsageWindow({ from: "2026-03-10T14:00:00Z", to: "2027-01-01", granularity: "hour" }, NOW);
    expect(window.ok && window.value.buckets).toEqual([Date.UTC(2026, 2, 10, 14)]);
  });

  it.each([
    ["from", { from: "yesterday" }, "/from"],
    ["from without a zone", { from: "2026-03-10T10:00:00" }, "/from"],
    ["to", { to: "2026-13-45T00:00:00Z" }, "/to"],
    ["granularity", { granularity: "week" }, "/granularity"],
    ["from after to", { from: "2026-03-10T12:00:00Z", to: "2026-03-10T11:00:00Z" }, "/from"],
  ])("refuses a bad %s with its path", (_name, query, path) => {
    const window = readUsageWindow(query, NOW);
    expect(window.ok).toBe(false);
    if (!window.ok) expect(window.error.map((issue) => issue.path)).toContain(path);
  });

  it("names every bad parameter at once", () => {
    const window = readUsageWindow({ from: "x", to: "y", granularity: "z" }, NOW);
    expect(!window.ok && window.error.map((issue) => issue.path)).toEqual(["/to", "/from", "/granularity"]);
  });
});
