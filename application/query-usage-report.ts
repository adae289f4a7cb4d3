import type { Granularity, Tally, UsageCounts } from "../domain/usage.ts";
import { addToTally, mergeTally, newTally, readUsageField, toUsageCounts } from "../domain/usage.ts";
import type { UsageWindow } from "../domain/usage-window.ts";
import type { UsageStore } from "./ports.ts";

/** Narrows a report to one key or one tool. */
export interface UsageFilter {
  readonly keyId?: string;
  readonly toolId?: string;
}

/** What both usage answers share (shared/contract.md "Usage and metrics"). */
export interface UsageReport {
  readonly from: string;
  readonly to: string;
  readonly granularity: Granularity;
  /** The oldest instant the answer could include: older buckets are no longer kept. */
  readonly retainedFrom: string;
  readonly totals: UsageCounts;
  /** One entry per bucket, oldest first, empty buckets included. */
  readonly series: readonly (UsageCounts & { readonly at: string })[];
  /** Per tool, most calls first. */
  readonly tools: readonly (UsageCounts & { readonly toolId: string })[];
}

/** A report and the tallies per key it was summed from (for the workspace answer's `keys`). */
export interface UsageReading {
  readonly report: UsageReport;
  readonly keys: ReadonlyMap<string, Tally>;
}

/** Reads the window's buckets of one scope and sums them by bucket, tool and key. */
export async function readUsage(store: UsageStore, scope: string, window: UsageWindow, filter: UsageFilter): Promise<UsageReading> {
  const buckets = await store.read(scope, window.granularity, window.buckets);
  const totals = newTally();
  const tools = new Map<string, Tally>();
  const keys = new Map<string, Tally>();
  const series = buckets.map((fields, index) => {
    const bucket = newTally();
    for (const [name, count] of fields) {
      const field = readUsageField(name);
      if (!field || (filter.keyId !== undefined && field.keyId !== filter.keyId) || (filter.toolId !== undefined && field.toolId !== filter.toolId)) continue;
      addToTally(bucket, field.slot, count);
      addToTally(tallyOf(tools, field.toolId), field.slot, count);
      addToTally(tallyOf(keys, field.keyId), field.slot, count);
    }
    mergeTally(totals, bucket);
    return { at: new Date(window.buckets[index]).toISOString(), ...toUsageCounts(bucket) };
  });
  const report: UsageReport = {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    granularity: window.granularity,
    retainedFrom: new Date(window.retainedFrom).toISOString(),
    totals: toUsageCounts(totals),
    series,
    tools: byCalls([...tools].map(([toolId, tally]) => ({ toolId, ...toUsageCounts(tally) })), "toolId"),
  };
  return { report, keys };
}

/** Most calls first; ties by id, so an answer is stable. */
export function byCalls<T extends UsageCounts>(rows: T[], id: keyof T): T[] {
  return rows.sort((a, b) => b.calls - a.calls || (String(a[id]) < String(b[id]) ? -1 : 1));
}

function tallyOf(map: Map<string, Tally>, id: string): Tally {
  let tally = map.get(id);
  if (!tally) map.set(id, (tally = newTally()));
  return tally;
}
