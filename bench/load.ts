import autocannon from "autocannon";
import type { Measurement, Scenario } from "./scenarios.ts";
import { CLOCK_TICK_US, treeCpuTicks } from "./process-cpu.ts";

/**
 * autocannon ends a run on its next sample tick: at its default of 1 s, 20 requests done in 50 ms still take a second
 * (ten such runs in a soak, two per server under callgrind), and a run of 0.5 s takes one. Runs bounded by a count
 * sample every 20 ms; runs bounded by time every second, or over their whole length when shorter.
 */
const AMOUNT_SAMPLE_MS = 20;

/** Drives one scenario for `seconds` (or `amount` requests); fails the bench on any unexpected status or error. */
export async function load(scenario: Scenario, connections: number, limit: { seconds: number } | { amount: number }): Promise<Measurement> {
  const sampleMs = "seconds" in limit ? Math.min(1000, limit.seconds * 1000) : AMOUNT_SAMPLE_MS;
  const bound = "seconds" in limit ? { duration: limit.seconds, sampleInt: sampleMs } : { amount: limit.amount, sampleInt: sampleMs };
  const ticksBefore = treeCpuTicks(scenario.pid);
  // Each response's own time, in fractional ms: autocannon's latency histogram keeps whole milliseconds, which reads
  // a sub-millisecond p99 as 0 and leaves "≤ 3× bare's p99" undecidable.
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...scenario.request, connections, pipelining: 1, ...bound }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, _status, _bytes, ms: number) => latencies.push(ms));
  });
  const cpuUs = ((treeCpuTicks(scenario.pid) - ticksBefore) * CLOCK_TICK_US) / Math.max(1, result.requests.total);
  const expected = result.statusCodeStats?.[scenario.expectStatus as unknown as keyof typeof result.statusCodeStats]?.count ?? 0;
  if (result.errors > 0 || expected !== result.requests.total) {
    throw new Error(`${scenario.id}: expected only ${scenario.expectStatus}, got ${JSON.stringify(result.statusCodeStats)} and ${result.errors} errors`);
  }
  latencies.sort((a, b) => a - b);
  // A timed run's samples are whole intervals, so their mean scales to req/s; a counted run ends part-way through its last.
  const rps = "seconds" in limit ? (result.requests.average * 1000) / sampleMs : result.requests.total / Math.max(0.01, result.duration);
  return { rps, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), requests: result.requests.total, cpuUs };
}

/** The nearest-rank percentile of sorted values, in ms to 0.01. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  return Math.round(value * 100) / 100;
}
