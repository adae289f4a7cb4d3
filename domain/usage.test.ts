import { describe, expect, it } from "vitest";
import { alignDown, bucketExpiresAt, latencyPercentile, latencySlot, outcomeSlot, readUsageField, retainedFrom, usageField } from "./usage.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T = Date.UTC(2026, 2, 10, 14, 37, 21, 500);

describe("outcomeSlot", () => {
  it.each([
    [200, 0], [201, 0], [400, 1], [401, 1], [403, 1], [404, 1], [413, 1], [422, 1], [429, 2], [500, 3], [503, 3], [504, 3],
  ])("status %i counts in slot %i", (status, slot) => expect(outcomeSlot(status)).toBe(slot));
});

describe("latencySlot (bounds ≤ 1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500 ms, more)", () => {
  it.each([
    [0, 4], [1, 4], [1.0001, 5], [2.5, 5], [2.6, 6], [5, 6], [10, 7], [25, 8], [50, 9], [99.9, 10], [100, 10],
    [250, 11], [500, 12], [1000, 13], [2500, 14], [2500.001, 15], [60_000, 15],
  ])("%f ms falls in slot %i", (ms, slot) => expect(latencySlot(ms)).toBe(slot));
});

describe("buckets and retention", () => {
  it.each([
    ["minute", Date.UTC(2026, 2, 10, 14, 37)],
    ["hour", Date.UTC(2026, 2, 10, 14)],
    ["day", Date.UTC(2026, 2, 10)],
  ] as const)("a %s bucket starts at %i", (granularity, start) => expect(alignDown(T, granularity)).toBe(start));

  it.each([
    ["minute", Date.UTC(2026, 2, 10, 14, 37) - 48 * HOUR],
    ["hour", Date.UTC(2026, 2, 10, 14) - 90 * DAY],
    ["day", Date.UTC(2026, 2, 10) - 400 * DAY],
  ] as const)("%s buckets are kept back to %i", (granularity, from) => expect(retainedFrom(granularity, T)).toBe(from));

  it.each(["minute", "hour", "day"] as const)("a %s bucket is kept until its expiry and not at it", (granularity) => {
    const at = alignDown(T, granularity);
    const expires = bucketExpiresAt(granularity, at);
    expect(retainedFrom(granularity, expires - 1)).toBeLessThanOrEqual(at);
    expect(retainedFrom(granularity, expires)).toBeGreaterThan(at);
  });
});

describe("latencyPercentile (linear inside the bucket, as Prometheus' histogram_quantile)", () => {
  const histogram = (counts: Record<number, number>) => Array.from({ length: 12 }, (_, i) => counts[i] ?? 0);
  it.each([
    // 50 calls ≤ 1 ms, 50 in (5, 10]: rank 50 ends bucket 0; rank 95 is 45 of 50 into (5, 10] → 5 + 5 × 0.9.
    ["half ≤ 1 ms, half in (5,10]", histogram({ 0: 50, 3: 50 }), 0.5, 1],
    ["half ≤ 1 ms, half in (5,10]", histogram({ 0: 50, 3: 50 }), 0.95, 9.5],
    ["half ≤ 1 ms, half in (5,10]", histogram({ 0: 50, 3: 50 }), 0.99, 9.9],
    // 4 calls in (100, 250]: rank 2 is half way → 175.
    ["all in (100,250]", histogram({ 7: 4 }), 0.5, 175],
    ["all slower than 2500 ms", histogram({ 11: 3 }), 0.5, 2500],
    ["one in (1,2.5] of 3", histogram({ 0: 2, 1: 1 }), 0.99, 2.455],
  ])("%s: q=%f → %f ms", (_name, counts, q, expected) => expect(latencyPercentile(counts, q)).toBe(expected));

  it("is null without calls", () => expect(latencyPercentile(histogram({}), 0.5)).toBeNull());
});

describe("usageField", () => {
  it("reads back what it writes", () => {
    expect(readUsageField(usageField("key_abc", "pack.tool", "e:tool_timeout"))).toEqual({ keyId: "key_abc", toolId: "pack.tool", slot: "e:tool_timeout" });
    expect(readUsageField("garbage")).toBeUndefined();
  });
});
