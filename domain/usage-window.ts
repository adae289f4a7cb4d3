import type { InputIssue } from "./errors.ts";
import { err, ok, type Result } from "./result.ts";
import { alignDown, GRANULARITIES, GRANULARITY_MS, type Granularity, retainedFrom } from "./usage.ts";

/** The range a usage query asked for, as sent (query parameters; absent or empty: the default). */
export interface UsageRangeQuery {
  readonly from?: string;
  readonly to?: string;
  readonly granularity?: string;
  /** For callers inside the server (the dashboard): with no `from`, the range's length back from `to`. Default 24 h. */
  readonly lastMs?: number;
}

/** The buckets a usage answer covers. */
export interface UsageWindow {
  readonly granularity: Granularity;
  /** The first bucket's start: the requested `from` aligned down, or retainedFrom when older (epoch ms). */
  readonly from: number;
  /** The requested `to`, or now when later. */
  readonly to: number;
  readonly retainedFrom: number;
  /** Every bucket start in [from, to), oldest first; when `to` is now, the current bucket too. */
  readonly buckets: readonly number[];
}

const DEFAULT_SPAN_MS = 86_400_000;
// A date, or a date and time with a zone: a time without one would mean a different instant on every server.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * Reads from / to / granularity at `now`. Defaults: the last 24 h, at the finest granularity still kept for the whole
 * range. A range reaching past what is kept answers what is kept (from = retainedFrom); one ending in the future
 * stops at now.
 */
export function readUsageWindow(query: UsageRangeQuery, now: number): Result<UsageWindow, readonly InputIssue[]> {
  const issues: InputIssue[] = [];
  const to = query.to === undefined ? now : readInstant(query.to, "/to", issues);
  const from = query.from === undefined ? (to ?? now) - (query.lastMs ?? DEFAULT_SPAN_MS) : readInstant(query.from, "/from", issues);
  const granularity = query.granularity === undefined ? undefined : readGranularity(query.granularity, issues);
  if (from !== undefined && to !== undefined && from >= to) issues.push({ path: "/from", message: "must be before to" });
  if (issues.length > 0 || from === undefined || to === undefined) return err(issues);
  const chosen = granularity ?? finestKept(from, now);
  const kept = retainedFrom(chosen, now);
  const start = Math.max(alignDown(from, chosen), kept);
  const end = Math.min(to, now);
  const buckets: number[] = [];
  // Up to now inclusive: a call at this very millisecond already counts in the current bucket.
  for (let at = start; at < (to >= now ? now + 1 : to); at += GRANULARITY_MS[chosen]) buckets.push(at);
  return ok({ granularity: chosen, from: Math.min(start, end), to: end, retainedFrom: kept, buckets });
}

/** The finest granularity whose kept buckets reach back to `from`; day when none does. */
export function finestKept(from: number, now: number): Granularity {
  return GRANULARITIES.find((granularity) => retainedFrom(granularity, now) <= alignDown(from, granularity)) ?? "day";
}

function readInstant(text: string, path: string, issues: InputIssue[]): number | undefined {
  const at = ISO_8601.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isFinite(at)) return at;
  issues.push({ path, message: "must be an ISO 8601 date or date-time with a zone, e.g. 2026-01-01T00:00:00Z" });
  return undefined;
}

function readGranularity(text: string, issues: InputIssue[]): Granularity | undefined {
  if ((GRANULARITIES as readonly string[]).includes(text)) return text as Granularity;
  issues.push({ path: "/granularity", message: `must be one of ${GRANULARITIES.join(", ")}` });
  return undefined;
}
