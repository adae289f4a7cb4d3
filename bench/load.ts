import autocannon from "autocannon";
import type { Measurement, Scenario } from "./scenarios.ts";
import { CLOCK_TICK_US, treeCpuTicks } from "./servers.ts";

/** Drives one scenario for `seconds` (or `amount` requests); fails the bench on any unexpected status or error. */
export async function load(scenario: Scenario, connections: number, limit: { seconds: number } | { amount: number }): Promise<Measurement> {
  const bound = "seconds" in limit ? { duration: limit.seconds } : { amount: limit.amount };
  const ticksBefore = treeCpuTicks(scenario.pid);
  const result = await autocannon({ ...scenario.request, connections, pipelining: 1, ...bound });
  const cpuUs = ((treeCpuTicks(scenario.pid) - ticksBefore) * CLOCK_TICK_US) / Math.max(1, result.requests.total);
  const expected = result.statusCodeStats?.[scenario.expectStatus as unknown as keyof typeof result.statusCodeStats]?.count ?? 0;
  if (result.errors > 0 || expected !== result.requests.total) {
    throw new Error(`${scenario.id}: expected only ${scenario.expectStatus}, got ${JSON.stringify(result.statusCodeStats)} and ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, cpuUs };
}
