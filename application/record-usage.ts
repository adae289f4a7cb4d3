import { alignDown, bucketExpiresAt, GRANULARITIES, latencySlot, mergeTally, newTally, outcomeSlot, type Tally, TALLY_SLOTS, UNKNOWN_TOOL, usageField, usageScope } from "../domain/usage.ts";
import type { Clock, ExecutionObservation, ExecutionObserver, ToolCatalog, UsageBucketWrite, UsageStore } from "./ports.ts";

/** The calls of one key in one minute, per tool. */
interface KeyMinute {
  readonly workspaceId: string | null;
  readonly tools: Map<string, Tally>;
}

/** Minute start → key id → its calls. */
type Pending = Map<number, Map<string, KeyMinute>>;

/** How many (minute, key, tool) tallies a failed flush keeps for the next one; past that a long outage drops counts. */
const MAX_RETAINED_TALLIES = 100_000;

/**
 * Usage recording: each observed call is an increment in memory, per (minute, key, tool); `flush` moves what was
 * counted to the UsageStore, each tally into its minute, hour and day buckets. A process that dies loses what it
 * counted since its last flush. A flush that fails keeps its counts for the next one.
 */
export class RecordUsage implements ExecutionObserver {
  private pending: Pending = new Map();
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: { usage: UsageStore; clock: Clock; tools: Pick<ToolCatalog, "find"> }) {}

  observe(call: ExecutionObservation): void {
    const minute = alignDown(this.deps.clock.now(), "minute");
    let keys = this.pending.get(minute);
    if (!keys) this.pending.set(minute, (keys = new Map()));
    let entry = keys.get(call.keyId);
    if (!entry) keys.set(call.keyId, (entry = { workspaceId: call.workspaceId, tools: new Map() }));
    const toolId = this.deps.tools.find(call.toolId) ? call.toolId : UNKNOWN_TOOL;
    let tally = entry.tools.get(toolId);
    if (!tally) entry.tools.set(toolId, (tally = newTally()));
    tally.counts[outcomeSlot(call.status)]++;
    tally.counts[latencySlot(call.durationMs)]++;
    if (call.errorCode !== undefined) tally.errorCodes.set(call.errorCode, (tally.errorCodes.get(call.errorCode) ?? 0) + 1);
  }

  /** Writes everything counted so far; flushes run one at a time. Rejects when the store fails (the counts are kept). */
  flush(): Promise<void> {
    const run = this.flushing.catch(() => undefined).then(() => this.flushOnce());
    this.flushing = run;
    return run;
  }

  /** One store call per scope (each lands whole or not at all), so a failure puts back only what did not land. */
  private async flushOnce(): Promise<void> {
    if (this.pending.size === 0) return;
    const parts = splitByScope(this.pending);
    this.pending = new Map();
    const results = await Promise.allSettled([...parts.values()].map((part) => this.deps.usage.add(toBucketWrites(part))));
    const failed = [...parts.values()].filter((_, index) => results[index].status === "rejected");
    for (const part of failed) this.restore(part);
    const failure = results.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
  }

  /** Puts a failed flush's counts back in front of what was counted meanwhile. */
  private restore(taken: Pending): void {
    let size = 0;
    for (const keys of this.pending.values()) for (const entry of keys.values()) size += entry.tools.size;
    for (const [minute, keys] of taken) {
      for (const [keyId, entry] of keys) {
        for (const [toolId, tally] of entry.tools) {
          if (size++ >= MAX_RETAINED_TALLIES) return;
          let into = this.pending.get(minute);
          if (!into) this.pending.set(minute, (into = new Map()));
          let target = into.get(keyId);
          if (!target) into.set(keyId, (target = { workspaceId: entry.workspaceId, tools: new Map() }));
          const existing = target.tools.get(toolId);
          if (existing) mergeTally(existing, tally);
          else target.tools.set(toolId, tally);
        }
      }
    }
  }
}

/** The counts of each scope apart. */
function splitByScope(pending: Pending): Map<string, Pending> {
  const parts = new Map<string, Pending>();
  for (const [minute, keys] of pending) {
    for (const [keyId, entry] of keys) {
      const scope = usageScope(entry.workspaceId, keyId);
      let part = parts.get(scope);
      if (!part) parts.set(scope, (part = new Map()));
      let into = part.get(minute);
      if (!into) part.set(minute, (into = new Map()));
      into.set(keyId, entry);
    }
  }
  return parts;
}

/** Every tally into its minute, hour and day bucket, counters of one bucket summed into one write. */
export function toBucketWrites(pending: Pending): UsageBucketWrite[] {
  const writes = new Map<string, UsageBucketWrite & { fields: Map<string, number> }>();
  for (const [minute, keys] of pending) {
    for (const [keyId, entry] of keys) {
      const scope = usageScope(entry.workspaceId, keyId);
      for (const granularity of GRANULARITIES) {
        const at = alignDown(minute, granularity);
        const id = `${scope}\n${granularity}\n${at}`;
        let write = writes.get(id);
        if (!write) writes.set(id, (write = { scope, granularity, at, expiresAt: bucketExpiresAt(granularity, at), fields: new Map() }));
        for (const [toolId, tally] of entry.tools) addFields(write.fields, keyId, toolId, tally);
      }
    }
  }
  return [...writes.values()];
}

function addFields(fields: Map<string, number>, keyId: string, toolId: string, tally: Tally): void {
  const add = (slot: string, count: number) => {
    const name = usageField(keyId, toolId, slot);
    fields.set(name, (fields.get(name) ?? 0) + count);
  };
  for (let slot = 0; slot < TALLY_SLOTS; slot++) if (tally.counts[slot] > 0) add(String(slot), tally.counts[slot]);
  for (const [code, count] of tally.errorCodes) add(`e:${code}`, count);
}
