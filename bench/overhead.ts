// Issue 27 item 5: what usage recording and metrics each cost execute, from servers that differ by one switch only.
import { load } from "./load.ts";
import type { Measurement, Scenario } from "./scenarios.ts";
import { type BenchServer, embeddedEnv, startProduction, USAGE_OFF_ENTRY } from "./servers.ts";
import type { Target } from "./targets.ts";

/** The most either may cost: a share of execute's throughput on the embedded server. */
export const MAX_OVERHEAD = 0.03;

const SCENARIO = "execute hash-text";

/**
 * The embedded server with one thing off, beside "embedded" (everything on: usage recorded, METRICS_TOKEN set):
 * "no metrics" leaves METRICS_TOKEN unset (no registry is built), "no usage" starts the same compiled server with
 * ServerOptions.recordUsage false (bench/usage-off-server.mjs).
 */
const VARIANTS = [
  { name: "no metrics", what: "metrics", start: () => startProduction({ name: "no metrics", env: embeddedEnv({ metrics: false }) }) },
  { name: "no usage", what: "usage recording", start: () => startProduction({ name: "no usage", env: embeddedEnv(), entry: USAGE_OFF_ENTRY }) },
] as const;

export async function startOverheadServers(): Promise<BenchServer[]> {
  const servers: BenchServer[] = [];
  for (const variant of VARIANTS) servers.push(await variant.start());
  return servers;
}

/** The variants are measured in their own phase (measureOverheads), not in the main rounds. */
export function isMeasured(scenario: Scenario): boolean {
  const { server } = scenario.describe();
  return !VARIANTS.some((variant) => variant.name === server);
}

export interface OverheadReport {
  readonly what: string;
  readonly rounds: number;
  /** Medians over the rounds: the server with everything on, and with this one thing off. */
  readonly on: Pick<Measurement, "rps" | "cpuUs">;
  readonly off: Pick<Measurement, "rps" | "cpuUs">;
  /** Median over the rounds of 1 − on/off req/s, each round's two figures taken seconds apart. */
  readonly cost: number;
  /** Median over the rounds of on/off server CPU per request − 1. */
  readonly cpuCost: number;
}

/**
 * Each switch's cost from `rounds` back-to-back rounds of the three servers (on, metrics off, usage off), each
 * round in a rotated order: a shared machine's load drifts over minutes, so figures taken minutes apart (as in the
 * main rounds) differ by more than the few percent to judge. Each round gives one ratio; the median is reported.
 */
export async function measureOverheads(scenarios: readonly Scenario[], connections: number, seconds: number, rounds: number): Promise<OverheadReport[]> {
  const find = (server: string) => scenarios.find((s) => s.describe().server === server && s.describe().scenario === SCENARIO);
  const on = find("embedded");
  const variants = VARIANTS.map((variant) => ({ ...variant, scenario: find(variant.name) }));
  if (!on || variants.some((variant) => !variant.scenario)) return [];
  const order = [on, ...variants.map((variant) => variant.scenario as Scenario)];
  for (const scenario of order) await load(scenario, connections, { seconds: 1 }); // warm-up
  const taken = order.map((): Measurement[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < order.length; step++) {
      const index = (round + step) % order.length;
      taken[index].push(await load(order[index], connections, { seconds }));
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return variants.map((variant, v) => {
    const offs = taken[v + 1];
    return {
      what: variant.what,
      rounds,
      on: { rps: Math.round(median(taken[0].map((m) => m.rps))), cpuUs: Math.round(median(taken[0].map((m) => m.cpuUs))) },
      off: { rps: Math.round(median(offs.map((m) => m.rps))), cpuUs: Math.round(median(offs.map((m) => m.cpuUs))) },
      cost: median(offs.map((off, round) => 1 - taken[0][round].rps / off.rps)),
      cpuCost: median(offs.map((off, round) => taken[0][round].cpuUs / Math.max(1, off.cpuUs) - 1)),
    };
  });
}

/** Each switch's cost as a target: the req/s it takes away (≤ 3%), with the server CPU per request it adds beside it. */
export function overheadTargets(reports: readonly OverheadReport[]): Target[] {
  return reports.map(({ what, rounds, on, off, cost, cpuCost }) => ({
    name: `embedded: ${what} costs ≤ ${pct(MAX_OVERHEAD)} of execute req/s`,
    measured: `${pct(cost)} (median of ${rounds} interleaved rounds; ${on.rps} on vs ${off.rps} req/s off; CPU ${on.cpuUs} vs ${off.cpuUs} µs/req, ${cpuCost >= 0 ? "+" : ""}${pct(cpuCost)})`,
    met: cost <= MAX_OVERHEAD,
  }));
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
