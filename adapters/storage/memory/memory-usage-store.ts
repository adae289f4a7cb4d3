import type { Clock, UsageBucketWrite, UsageStore } from "../../../application/ports.ts";
import type { Granularity } from "../../../domain/usage.ts";

interface Bucket {
  expiresAt: number;
  readonly fields: Map<string, number>;
}

/** Usage buckets in this process's memory (memory storage: tests, examples); expired ones are swept on each add. */
export class MemoryUsageStore implements UsageStore {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly clock: Clock) {}

  async add(writes: readonly UsageBucketWrite[]): Promise<void> {
    const now = this.clock.now();
    for (const [id, bucket] of this.buckets) if (bucket.expiresAt <= now) this.buckets.delete(id);
    for (const write of writes) {
      if (write.expiresAt <= now) continue;
      const id = bucketId(write.scope, write.granularity, write.at);
      let bucket = this.buckets.get(id);
      if (!bucket) this.buckets.set(id, (bucket = { expiresAt: write.expiresAt, fields: new Map() }));
      bucket.expiresAt = write.expiresAt;
      for (const [name, count] of write.fields) bucket.fields.set(name, (bucket.fields.get(name) ?? 0) + count);
    }
  }

  async read(scope: string, granularity: Granularity, ats: readonly number[]): Promise<readonly ReadonlyMap<string, number>[]> {
    const now = this.clock.now();
    return ats.map((at) => {
      const bucket = this.buckets.get(bucketId(scope, granularity, at));
      return bucket && bucket.expiresAt > now ? new Map(bucket.fields) : new Map();
    });
  }

  /** How many buckets are held, expired ones not yet swept included: lets tests see the sweep. */
  get size(): number {
    return this.buckets.size;
  }
}

const bucketId = (scope: string, granularity: Granularity, at: number) => `${scope}\n${granularity}\n${at}`;
