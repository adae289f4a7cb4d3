import { describe, expect, it } from "vitest";
import { percentile } from "./load.ts";

describe("percentile (nearest rank)", () => {
  const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it("picks the value at the rank ⌈p·n⌉ of the sorted values", () => {
    expect(percentile(oneToHundred, 0.5)).toBe(50);
    expect(percentile(oneToHundred, 0.99)).toBe(99);
    expect(percentile([0.31, 0.42, 7.5], 0.99)).toBe(7.5);
  });

  it("keeps sub-millisecond latencies to 0.01 ms, and reads an empty run as 0", () => {
    expect(percentile([0.123, 0.456], 0.5)).toBe(0.12);
    expect(percentile([], 0.99)).toBe(0);
  });
});
