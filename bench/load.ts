import autocannon from "autocannon";
import type { Measurement, Scenario } from "./scenarios.ts";
import { CLOCK_TICK_US, treeCpuTicks, treeOffMainTicks, treePreemptions } from "./process-cpu.ts";
import { alone } from "./quiet.ts";

/**
 * autocannon ends a run on its next sample tick: at its default of 1 s, 20 requests done in 50 ms still take a second
 * (ten such runs in a soak, two per server under callgrind), and a run of 0.5 s takes one. Runs bounded by a count
 * sample every 20 ms; runs bounded by time every second, or over their whole length when shorter.
 */
const AMOUNT_SAMPLE_MS = 20;

/**
 * Drives one scenario for `seconds` (or `amount` requests), as fast as it answers or at `rate` requests a second in
 * all, with the bench's other servers stopped meanwhile (quiet.ts); fails the bench on any unexpected status or error.
 */
export function load(scenario: Scenario, connections: number, limit: { seconds: number } | { amount: number }, rate?: number): Promise<Measurement> {
  return alone(scenario.pid, () => measuredLoad(scenario, connections, limit, rate));
}

async function measuredLoad(scenario: Scenario, connections: number, limit: { seconds: number } | { amount: number }, rate?: number): Promise<Measurement> {
  const sampleMs = "seconds" in limit ? Math.min(1000, limit.seconds * 1000) : AMOUNT_SAMPLE_MS;
  const bound = "seconds" in limit ? { duration: limit.seconds, sampleInt: sampleMs } : { amount: limit.amount, sampleInt: sampleMs };
  const ticksBefore = treeCpuTicks(scenario.pid);
  const preemptionsBefore = treePreemptions(scenario.pid);
  const offMainBefore = treeOffMainTicks(scenario.pid);
  // Each response's own time, in fractional ms: autocannon's latency histogram keeps whole milliseconds, which reads
  // a sub-millisecond p99 as 0 and leaves "≤ 3× bare's p99" undecidable.
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...scenario.request, connections, pipelining: 1, ...bound, ...(rate ? { overallRate: rate } : {}) }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, _status, _bytes, ms: number) => latencies.push(ms));
  });
  const cpuUs = ((treeCpuTicks(scenario.pid) - ticksBefore) * CLOCK_TICK_US) / Math.max(1, result.requests.total);
  const preemptedPer100 = ((treePreemptions(scenario.pid) - preemptionsBefore) * 100) / Math.max(1, result.requests.total);
  const offMainUs = ((treeOffMainTicks(scenario.pid) - offMainBefore) * CLOCK_TICK_US) / Math.max(1, result.requests.total);
  const expected = result.statusCodeStats?.[scenario.expectStatus as unknown as keyof typeof result.statusCodeStats]?.count ?? 0;
  if (result.errors > 0 || expected !== result.requests.total) {
    throw new Error(`${scenario.id}: expected only ${scenario.expectStatus}, got ${JSON.stringify(result.statusCodeStats)} and ${result.errors} errors`);
  }
  latencies.sort((a, b) => a - b);
  // A timed run's samples are whole intervals, so their mean scales to req/s; a counted run ends part-way through its last.
  const rps = "seconds" in limit ? (result.requests.average * 1000) / sampleMs : result.requests.total / Math.max(0.01, result.duration);
  return { rps, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), requests: result.requests.total, cpuUs, preemptedPer100, offMainUs };
}

/**
 * Drives several servers' scenarios at once for `seconds`, sharing `connections` and `rate` equally: one load spread
 * over separate instances, as a balancer would. CPU per request and preemptions are the servers' together.
 */
export async function loadTogether(scenarios: readonly Scenario[], connections: number, seconds: number, rate: number): Promise<Measurement> {
  const share = (total: number) => Math.max(1, Math.round(total / scenarios.length));
  const each = await Promise.all(scenarios.map((scenario) => load(scenario, share(connections), { seconds }, share(rate))));
  return combined(each);
}

/** Measurements of loads run at the same time, as one: req/s summed, CPU and preemptions per request over all, p50 and p99 the worst. */
export function combined(each: readonly Measurement[]): Measurement {
  const requests = each.reduce((sum, m) => sum + m.requests, 0);
  const perRequest = (field: "cpuUs" | "preemptedPer100" | "offMainUs") => each.reduce((sum, m) => sum + m[field] * m.requests, 0) / Math.max(1, requests);
  return {
    rps: each.reduce((sum, m) => sum + m.rps, 0), requests, cpuUs: perRequest("cpuUs"), preemptedPer100: perRequest("preemptedPer100"), offMainUs: perRequest("offMainUs"),
    p50: Math.max(...each.map((m) => m.p50)), p99: Math.max(...each.map((m) => m.p99)),
  };
}

/** How close two successive warm-up slices' CPU per request must be for a server to count as warm. */
export const WARM_AGREEMENT = 0.1;

/**
 * Loads a scenario in slices of a second until two slices in a row after the first agree on server CPU per request within
 * WARM_AGREEMENT, or `maxSeconds` pass (a shorter bound is one slice of that length): the first seconds of a fresh
 * server cost several times its steady state (the JIT's tiers, the heap growing to its working size), and with
 * WORKERS=N each worker warms on its own share of the load, so a fixed warm-up left N workers measured colder than
 * one. Returns the seconds spent.
 */
export async function warmUp(scenario: Scenario, connections: number, maxSeconds: number): Promise<number> {
  const slice = Math.min(1, maxSeconds);
  let spent = 0;
  let previous: number | undefined;
  while (spent < maxSeconds) {
    const { cpuUs } = await load(scenario, connections, { seconds: slice });
    spent += slice;
    // The first slice is never judged: a server's first second includes its first requests' one-off costs.
    if (spent > 2 * slice && previous !== undefined && Math.abs(cpuUs - previous) <= WARM_AGREEMENT * previous) break;
    previous = cpuUs;
  }
  return spent;
}

/** The nearest-rank percentile of sorted values, in ms to 0.01. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  return Math.round(value * 100) / 100;
}
