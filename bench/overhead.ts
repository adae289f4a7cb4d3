// Issue 27 item 5: what usage recording and metrics each cost execute, from servers that differ by one switch only.
import type { Scenario } from "./scenarios.ts";
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

/** The variants run execute hash-text only: their other scenarios would only lengthen the run. */
export function isMeasured(scenario: Scenario): boolean {
  const { server, scenario: name } = scenario.describe();
  return !VARIANTS.some((variant) => variant.name === server) || name === SCENARIO;
}

type Row = { readonly server: string; readonly scenario: string; readonly rps: number; readonly cpuUs: number };

/**
 * Each switch's cost as a ratio from the same run: the req/s it takes away (1 − on/off, target ≤ 3%), and the server
 * CPU per request it adds, the steadier figure on a shared machine.
 */
export function overheadTargets(rows: readonly Row[]): Target[] {
  const on = rows.find((row) => row.server === "embedded" && row.scenario === SCENARIO);
  if (!on) return [];
  return VARIANTS.flatMap(({ name, what }) => {
    const off = rows.find((row) => row.server === name && row.scenario === SCENARIO);
    if (!off) return [];
    const cost = 1 - on.rps / off.rps;
    const cpu = on.cpuUs / Math.max(1, off.cpuUs) - 1;
    return [{
      name: `embedded: ${what} costs ≤ ${pct(MAX_OVERHEAD)} of execute req/s`,
      measured: `${pct(cost)} (${on.rps} on vs ${off.rps} req/s off; CPU ${on.cpuUs} vs ${off.cpuUs} µs/req, ${cpu >= 0 ? "+" : ""}${pct(cpu)})`,
      met: cost <= MAX_OVERHEAD,
    }];
  });
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
