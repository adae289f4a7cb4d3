import type { RootDatabase } from "lmdb";
import type { Clock, UsageBucketWrite, UsageStore } from "../../../application/ports.ts";
import { GRANULARITIES, type Granularity } from "../../../domain/usage.ts";

/** Where the buckets live in the embedded database: `usage:<granularity>:<start, 15 digits>:<scope>`. */
export const USAGE_PREFIX = "usage:";

/** One stored bucket: when it expires and its counters. */
interface StoredBucket {
  readonly e: number;
  readonly f: Record<string, number>;
}

/**
 * Usage buckets in the embedded LMDB database. A flush is one write transaction (every bucket's read, sum and write,
 * plus the sweep): a graceful stop or a crash after it commits keeps every count. Keys sort by granularity, then bucket
 * start, so the sweep reads only the expired range.
 */
export class LmdbUsageStore implements UsageStore {
  constructor(private readonly db: RootDatabase<string, string>, private readonly clock: Clock) {}

  add(writes: readonly UsageBucketWrite[]): Promise<void> {
    const now = this.clock.now();
    return this.db.transaction(() => {
      this.sweep(now);
      for (const write of writes) {
        if (write.expiresAt <= now) continue;
        const key = bucketKey(write.granularity, write.at, write.scope);
        const stored = parseBucket(this.db.get(key));
        const fields = stored && stored.e > now ? { ...stored.f } : {};
        for (const [name, count] of write.fields) fields[name] = (fields[name] ?? 0) + count;
        this.db.put(key, JSON.stringify({ e: write.expiresAt, f: fields } satisfies StoredBucket));
      }
    }).then(() => undefined);
  }

  async read(scope: string, granularity: Granularity, ats: readonly number[]): Promise<readonly ReadonlyMap<string, number>[]> {
    const now = this.clock.now();
    return ats.map((at) => {
      const stored = parseBucket(this.db.get(bucketKey(granularity, at, scope)));
      return stored && stored.e > now ? new Map(Object.entries(stored.f)) : new Map();
    });
  }

  /** Drops the buckets that expired by `now`; runs inside add's transaction. */
  private sweep(now: number): void {
    for (const granularity of GRANULARITIES) {
      const start = `${USAGE_PREFIX}${granularity}:`;
      // A bucket expires after its start, so every expired one starts before now.
      for (const { key, value } of this.db.getRange({ start, end: `${start}${pad(now)}` })) {
        const stored = parseBucket(value);
        if (!stored || stored.e <= now) this.db.remove(key);
      }
    }
  }
}

const pad = (at: number) => String(at).padStart(15, "0");
const bucketKey = (granularity: Granularity, at: number, scope: string) => `${USAGE_PREFIX}${granularity}:${pad(at)}:${scope}`;

function parseBucket(text: string | undefined): StoredBucket | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as StoredBucket;
    return Number.isFinite(value.e) && typeof value.f === "object" && value.f !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
