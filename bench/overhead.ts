// Issue 27 item 5: what usage recording and metrics each cost execute, from servers that differ by one switch only.
import { load } from "./load.ts";
import type { Measurement, Scenario } from "./scenarios.ts";
import { type BenchServer, type ProductionOptions, startProduction, USAGE_OFF_ENTRY } from "./servers.ts";
import { embeddedEnv } from "./store-envs.ts";
import type { Target } from "./targets.ts";

/** The most either may cost: a share of execute's throughput on the embedded server. */
export const MAX_OVERHEAD = 0.03;

export const OVERHEAD_SCENARIO = "execute hash-text";

/** A server of this phase: the same compiled server as "embedded", started with `options`. */
export interface Switch {
  readonly name: string;
  readonly options: () => Omit<ProductionOptions, "name">;
}

/** A server with one thing off: `what` it leaves out, and whether the ≤ 3% target applies (not to the noise floor). */
export interface Variant extends Switch {
  readonly what: string;
  readonly judged: boolean;
}

/**
 * Servers that run nothing but execute hash-text, each started fresh for this phase: "all on" (usage recorded,
 * METRICS_TOKEN set, as "embedded"), beside which "no metrics" leaves METRICS_TOKEN unset (no registry is built), "no
 * usage" starts the same compiled server with ServerOptions.recordUsage false (bench/usage-off-server.mjs), and "all
 * on, again" is the same as "all on": its "cost" is this machine's noise. Not "embedded" itself: the main rounds'
 * 401s, 429s and 10 KB documents leave it a larger heap and call sites V8 has seen more shapes at, a difference that
 * none of the switches makes.
 */
export const ALL_ON: Switch = { name: "all on", options: () => ({ env: embeddedEnv() }) };
export const VARIANTS: readonly Variant[] = [
  { name: "no metrics", what: "metrics", judged: true, options: () => ({ env: embeddedEnv({ metrics: false }) }) },
  { name: "no usage", what: "usage recording", judged: true, options: () => ({ env: embeddedEnv(), entry: USAGE_OFF_ENTRY }) },
  { name: "all on, again", what: "nothing (the same server twice: the noise floor)", judged: false, options: () => ({ env: embeddedEnv() }) },
];

/** The variants a run measures: every one, or (--no-noise-floor) the judged ones only. */
export const variantsOf = (noiseFloor: boolean): readonly Variant[] => VARIANTS.filter((variant) => noiseFloor || variant.judged);

/** The servers of this phase, each starting as soon as called (bench/run.ts starts every server side by side). */
export function startOverheadServers(variants: readonly Variant[] = VARIANTS): Promise<BenchServer>[] {
  return [ALL_ON, ...variants].map((server) => startProduction({ ...server.options(), name: server.name }));
}

/** The overhead servers are measured in their own phase (measureOverheads), not in the main rounds. */
export function isMeasured(scenario: Scenario): boolean {
  const { server } = scenario.describe();
  return ![ALL_ON, ...VARIANTS].some((variant) => variant.name === server);
}

export interface OverheadReport {
  readonly what: string;
  readonly rounds: number;
  /** Medians over the rounds: the server with everything on, and with this one thing off. */
  readonly on: Pick<Measurement, "rps" | "cpuUs">;
  readonly off: Pick<Measurement, "rps" | "cpuUs">;
  /** 1 − the median over pairs of rounds of on/off req/s, both driven at the same time. */
  readonly cost: number;
  /** The median over pairs of rounds of on/off server CPU per request, − 1. */
  readonly cpuCost: number;
}

/**
 * Each switch's cost from `rounds` rounds in which the server with everything on and the one with that switch off are
 * driven at the same time, half the connections each. A shared machine's speed drifts by more than the few percent
 * to judge, even between measurements seconds apart; two servers loaded together meet the same machine, so what
 * separates their req/s is what each request costs them. Each pair of rounds gives one ratio; the median is reported.
 */
export async function measureOverheads(scenarios: readonly Scenario[], connections: number, seconds: number, rounds: number, measured: readonly Variant[] = VARIANTS): Promise<OverheadReport[]> {
  const find = (server: string) => scenarios.find((s) => s.describe().server === server && s.describe().scenario === OVERHEAD_SCENARIO);
  const on = find(ALL_ON.name);
  const variants = measured.map((variant) => ({ ...variant, scenario: find(variant.name) }));
  if (!on || variants.some((variant) => !variant.scenario)) return [];
  const half = Math.max(1, Math.floor(connections / 2));
  // Each pair of rounds starts the two loads in both orders, so the order cannot favour either server.
  const side = async (off: Scenario, limit: { seconds: number }, offFirst: boolean) => {
    if (!offFirst) return Promise.all([load(on, half, limit), load(off, half, limit)]);
    const [offRound, onRound] = await Promise.all([load(off, half, limit), load(on, half, limit)]);
    return [onRound, offRound];
  };
  for (const variant of variants) await side(variant.scenario as Scenario, { seconds: 1 }, false); // warm-up
  const taken = variants.map((): { on: Measurement; off: Measurement }[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, variant] of variants.entries()) {
      const [onRound, offRound] = await side(variant.scenario as Scenario, { seconds }, round % 2 === 1);
      taken[index].push({ on: onRound, off: offRound });
    }
  }
  // One ratio per pair of rounds (both orders), the geometric mean of the two; a lone last round counts alone.
  const ratios = (pairs: readonly { on: Measurement; off: Measurement }[], of: (m: Measurement) => number) => {
    const each = pairs.map((pair) => of(pair.on) / Math.max(1, of(pair.off)));
    return Array.from({ length: Math.ceil(each.length / 2) }, (_, i) => (i * 2 + 1 < each.length ? Math.sqrt(each[i * 2] * each[i * 2 + 1]) : each[i * 2]));
  };
  return variants.map((variant, index) => {
    const pairs = taken[index];
    const figure = (pick: (pair: { on: Measurement; off: Measurement }) => Measurement) => ({
      rps: Math.round(median(pairs.map((pair) => pick(pair).rps))), cpuUs: Math.round(median(pairs.map((pair) => pick(pair).cpuUs))),
    });
    return {
      what: variant.what,
      rounds,
      on: figure((pair) => pair.on),
      off: figure((pair) => pair.off),
      cost: 1 - median(ratios(pairs, (m) => m.rps)),
      cpuCost: median(ratios(pairs, (m) => m.cpuUs)) - 1,
    };
  });
}

/**
 * Each switch's req/s beside everything on, reported, not judged: req/s on this machine moves by more than the 3% to
 * judge (the noise floor's line), so the target is judged on instructions (bench/instructions.ts).
 */
export function overheadTargets(reports: readonly OverheadReport[]): Target[] {
  return reports.map(({ what, rounds, on, off, cost, cpuCost }) => ({
    name: `embedded: ${what} takes of execute req/s`,
    measured: `${pct(cost)} (median of ${rounds} rounds, on and off loaded together; ${on.rps} on vs ${off.rps} req/s off; CPU ${on.cpuUs} vs ${off.cpuUs} µs/req, ${cpuCost >= 0 ? "+" : ""}${pct(cpuCost)})`,
    met: undefined,
  }));
}

/** The middle value (the upper one of an even count). */
export const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
