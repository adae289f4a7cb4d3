/** What an execute call ended as, in the contract's words ("Usage and metrics"). */
export const USAGE_OUTCOMES = ["success", "clientError", "rateLimited", "serverError"] as const;
export type UsageOutcome = (typeof USAGE_OUTCOMES)[number];

/** The latency histogram's upper bounds in ms (each inclusive); one more bucket holds everything slower. */
export const LATENCY_BOUNDS_MS = [1, 2.5, 5, 10, 25, 50, 100, 250, 500, 1000, 2500] as const;

/** A tally's fixed counters: the outcomes, then one per latency bucket ("more" last). */
export const TALLY_SLOTS = USAGE_OUTCOMES.length + LATENCY_BOUNDS_MS.length + 1;
const FIRST_LATENCY_SLOT = USAGE_OUTCOMES.length;

export const GRANULARITIES = ["minute", "hour", "day"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
export const GRANULARITY_MS: Readonly<Record<Granularity, number>> = { minute: 60_000, hour: HOUR_MS, day: DAY_MS };
/** How far back each granularity is kept, counted from the start of the current bucket. */
export const RETENTION_MS: Readonly<Record<Granularity, number>> = { minute: 48 * HOUR_MS, hour: 90 * DAY_MS, day: 400 * DAY_MS };

/** The tool id usage records for a call naming no known tool, so made-up ids cannot grow the stored fields. */
export const UNKNOWN_TOOL = "(unknown)";

/** The counter slot of an answer's status: 2xx success, 429 rateLimited, other 4xx clientError, 5xx serverError. */
export function outcomeSlot(status: number): number {
  if (status >= 500) return 3;
  if (status === 429) return 2;
  return status >= 400 ? 1 : 0;
}

/** The counter slot of a latency: the first bucket whose bound is at least `ms`, else "more". */
export function latencySlot(ms: number): number {
  for (let i = 0; i < LATENCY_BOUNDS_MS.length; i++) if (ms <= LATENCY_BOUNDS_MS[i]) return FIRST_LATENCY_SLOT + i;
  return FIRST_LATENCY_SLOT + LATENCY_BOUNDS_MS.length;
}

/** The start of the bucket of `granularity` that holds `at` (epoch ms, UTC). */
export function alignDown(at: number, granularity: Granularity): number {
  const size = GRANULARITY_MS[granularity];
  return Math.floor(at / size) * size;
}

/** The oldest bucket start still kept at `now`. */
export function retainedFrom(granularity: Granularity, now: number): number {
  return alignDown(now, granularity) - RETENTION_MS[granularity];
}

/** When the bucket starting at `at` stops being kept: the first instant whose retainedFrom lies past it. */
export function bucketExpiresAt(granularity: Granularity, at: number): number {
  return at + GRANULARITY_MS[granularity] + RETENTION_MS[granularity];
}

/** Whose buckets a call counts in: its key's workspace, or the key alone for a key of no workspace (the CLI's). */
export function usageScope(workspaceId: string | null, keyId: string): string {
  return workspaceId === null ? `k:${keyId}` : `w:${workspaceId}`;
}

/** A stored counter's name: key, tool and slot (a fixed slot's number, or `e:<error_code>`). Ids hold no tab. */
export function usageField(keyId: string, toolId: string, slot: string): string {
  return `${keyId}\t${toolId}\t${slot}`;
}

/** The parts of a usageField name, or undefined for a name of another shape. */
export function readUsageField(name: string): { keyId: string; toolId: string; slot: string } | undefined {
  const parts = name.split("\t");
  return parts.length === 3 ? { keyId: parts[0], toolId: parts[1], slot: parts[2] } : undefined;
}

/** Counts being summed: the fixed slots and the error codes. */
export interface Tally {
  readonly counts: number[];
  readonly errorCodes: Map<string, number>;
}

export const newTally = (): Tally => ({ counts: new Array<number>(TALLY_SLOTS).fill(0), errorCodes: new Map() });

/** Adds `count` to the slot named as in usageField; an unknown slot name is ignored (written by a newer version). */
export function addToTally(tally: Tally, slot: string, count: number): void {
  if (slot.startsWith("e:")) {
    const code = slot.slice(2);
    tally.errorCodes.set(code, (tally.errorCodes.get(code) ?? 0) + count);
    return;
  }
  const index = Number(slot);
  if (Number.isInteger(index) && index >= 0 && index < TALLY_SLOTS) tally.counts[index] += count;
}

export function mergeTally(into: Tally, from: Tally): void {
  for (let i = 0; i < TALLY_SLOTS; i++) into.counts[i] += from.counts[i];
  for (const [code, count] of from.errorCodes) into.errorCodes.set(code, (into.errorCodes.get(code) ?? 0) + count);
}

/** A tally as the usage API shows it. */
export interface UsageCounts {
  readonly calls: number;
  readonly success: number;
  readonly clientError: number;
  readonly rateLimited: number;
  readonly serverError: number;
  /** Read off the histogram (see latencyPercentile); null without calls. */
  readonly latencyMs: { readonly p50: number | null; readonly p95: number | null; readonly p99: number | null };
  /** Calls per error_code (every answer that was not a success). */
  readonly errorCodes: Readonly<Record<string, number>>;
}

export function toUsageCounts(tally: Tally): UsageCounts {
  const [success, clientError, rateLimited, serverError] = tally.counts;
  const histogram = tally.counts.slice(FIRST_LATENCY_SLOT);
  const codes = [...tally.errorCodes].sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    calls: success + clientError + rateLimited + serverError,
    success, clientError, rateLimited, serverError,
    latencyMs: { p50: latencyPercentile(histogram, 0.5), p95: latencyPercentile(histogram, 0.95), p99: latencyPercentile(histogram, 0.99) },
    errorCodes: Object.fromEntries(codes),
  };
}

/**
 * The q-quantile of a latency histogram (counts per bucket of LATENCY_BOUNDS_MS, "more" last), as Prometheus'
 * histogram_quantile computes it: the rank q × total falls in the first bucket whose cumulative count reaches it,
 * and the value is interpolated linearly between that bucket's bounds (the first bucket starts at 0). A rank in
 * "more" answers the last bound, 2500 ms, since that bucket has no upper bound. Rounded to 0.001 ms; null when empty.
 */
export function latencyPercentile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < LATENCY_BOUNDS_MS.length; i++) {
    const count = histogram[i];
    if (below + count >= rank && count > 0) {
      const lower = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1];
      const value = lower + ((LATENCY_BOUNDS_MS[i] - lower) * (rank - below)) / count;
      return Math.round(value * 1000) / 1000;
    }
    below += count;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1];
}
