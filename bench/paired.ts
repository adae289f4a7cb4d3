// The CPU-per-request targets judged on pairs measured back to back (bench/README.md, "What it measures").
import { load } from "./load.ts";
import { type Measurement, middle, type Scenario } from "./scenarios.ts";

/** A judged comparison of CPU per request, as `reference` µs over `subject` µs (bare over execute, execute over a refusal). */
export interface Comparison {
  readonly reference: Scenario;
  readonly subject: Scenario;
}

export interface PairedRatio {
  /** Scenario ids. */
  readonly reference: string;
  readonly subject: string;
  /** The median over the pairs of reference µs / subject µs, each pair's two loads run one right after the other. */
  readonly ratio: number;
  /** The medians of each side's CPU per request, µs, for the report. */
  readonly referenceUs: number;
  readonly subjectUs: number;
  readonly pairs: number;
  /**
   * The pairs' middle half: their lower and upper quartile ratios (nearest rank). On these machines one pair's ratio
   * moves by ±10 points from the next (bench/README.md, "How far a verdict can be trusted"): a target whose line lies
   * inside this range is not told apart from its line by the run.
   */
  readonly middleHalf: readonly [number, number];
}

/**
 * Runs each comparison `pairs` times as two loads back to back, the order alternating, and takes the median of the
 * pairs' ratios. These machines' speed moves by a third for tens of seconds at a time with nothing else running
 * (bench/README.md): a ratio of two medians taken seconds or minutes apart, as the main rounds give, carries that move;
 * a pair's two loads meet the same machine.
 */
export async function measurePaired(comparisons: readonly Comparison[], connections: number, seconds: number, pairs: number): Promise<PairedRatio[]> {
  const out: PairedRatio[] = [];
  for (const { reference, subject } of comparisons) {
    const run = (scenario: Scenario) => () => load(scenario, connections, { seconds });
    const sides = await backToBack(pairs, run(reference), run(subject));
    out.push({
      reference: reference.id, subject: subject.id, ratio: pairedRatio(sides.a, sides.b),
      referenceUs: Math.round(middle(sides.a.map((m) => m.cpuUs))), subjectUs: Math.round(middle(sides.b.map((m) => m.cpuUs))), pairs,
      middleHalf: middleHalf(pairRatios(sides.a, sides.b)),
    });
  }
  return out;
}

/** Runs `a` and `b` back to back `pairs` times, the order alternating; each side's measurements in pair order. */
export async function backToBack(pairs: number, a: () => Promise<Measurement>, b: () => Promise<Measurement>): Promise<Record<"a" | "b", Measurement[]>> {
  const [sideA, sideB] = await inTurn(pairs, [a, b]);
  return { a: sideA, b: sideB };
}

/**
 * Runs the arms one after another `rounds` times, round r starting with arm r (mod their count) so that each leads as
 * often as the others; each arm's measurements in round order.
 */
export async function inTurn(rounds: number, arms: readonly (() => Promise<Measurement>)[]): Promise<Measurement[][]> {
  const out: Measurement[][] = arms.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < arms.length; step++) {
      const arm = (round + step) % arms.length;
      out[arm].push(await arms[arm]());
    }
  }
  return out;
}

/** The median over the pairs of a's CPU per request over b's. */
export function pairedRatio(a: readonly Measurement[], b: readonly Measurement[]): number {
  return middle(pairRatios(a, b));
}

const pairRatios = (a: readonly Measurement[], b: readonly Measurement[]): number[] =>
  a.map((m, pair) => m.cpuUs / Math.max(Number.EPSILON, b[pair].cpuUs));

/** The lower and upper quartiles of `ratios` (nearest rank: of 12 pairs the 3rd and the 9th). */
export function middleHalf(ratios: readonly number[]): [number, number] {
  const sorted = [...ratios].sort((x, y) => x - y);
  const rank = (fraction: number) => sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)];
  return [rank(0.25), rank(0.75)];
}

/** The judged comparisons of each project server: bare against execute, execute against its 401 and its 429. */
export function judgedComparisons(scenarios: readonly Scenario[]): Comparison[] {
  const find = (server: string, scenario: string) => scenarios.find((s) => s.describe().server === server && s.describe().scenario === scenario);
  const bare = find("bare", "bare POST");
  const out: Comparison[] = [];
  for (const store of ["embedded", "redis"]) {
    const execute = find(store, "execute hash-text");
    if (!execute) continue;
    if (bare) out.push({ reference: bare, subject: execute });
    for (const refusal of ["401 bad key", "429 spent key"]) {
      const subject = find(store, refusal);
      if (subject) out.push({ reference: execute, subject });
    }
  }
  return out;
}

/** How a paired ratio was measured, its pairs' middle half written with `format` (as the ratio itself is). */
export const pairedText = ({ pairs, middleHalf: [low, high] }: PairedRatio, format: (ratio: number) => string): string =>
  (pairs === 1 ? "one back-to-back pair's ratio" : `median of ${pairs} back-to-back pairs' ratios, their middle half ${format(low)}–${format(high)}`);
