import { describe, expect, it } from "vitest";
import { combined, loadTogether, percentile } from "./load.ts";
import { type Measurement, scenariosFor } from "./scenarios.ts";
import { startBaseline } from "./servers.ts";

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

describe("loads run at once on separate servers", () => {
  const m = (requests: number, cpuUs: number, preemptedPer100: number, p99: number): Measurement => ({ rps: requests, p50: p99 / 2, p99, requests, cpuUs, preemptedPer100, offMainUs: cpuUs / 10 });

  it("combine as one load: req/s summed, CPU and preemptions per request weighted by each one's requests, the worst latencies", () => {
    expect(combined([m(1000, 30, 4, 2), m(3000, 50, 8, 1)])).toEqual({ rps: 4000, requests: 4000, cpuUs: 45, preemptedPer100: 7, offMainUs: 4.5, p50: 1, p99: 2 });
  });

  it("share the offered rate between the servers, so the total keeps to it", async () => {
    const servers = await Promise.all([startBaseline("bare"), startBaseline("bare")]);
    try {
      const together = await loadTogether(servers.flatMap(scenariosFor), 4, 1, 400);
      // Unshared, each server would be offered the whole 400 a second: about 800 in all. The lower bound only says the
      // load ran: with two suites side by side on 2 cores it once got 49 requests through in its second.
      expect(together.requests).toBeGreaterThan(10);
      expect(together.requests).toBeLessThanOrEqual(600);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
});
