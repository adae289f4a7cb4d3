import type { WindowHit } from "../../domain/rate-limit.ts";

/** How many buckets are remembered before the ended ones are dropped (then again at twice what is left). */
const FIRST_PRUNE_AT = 1_024;

/**
 * The buckets this process has seen past their limit, each until its window ends: a store reads these before
 * counting, and answers a hit there that the read still finds past its limit without writing anything
 * (RateLimitStore.hit's `limit`). Only a hint of where to read: a bucket wrongly remembered costs one read, a bucket
 * forgotten one write, and the decision is always the store's.
 */
export class SpentBuckets {
  private readonly ends = new Map<string, number>();
  private pruneAt = FIRST_PRUNE_AT;

  constructor(private readonly now: () => number) {}

  has(bucket: string): boolean {
    const end = this.ends.get(bucket);
    if (end === undefined) return false;
    if (end > this.now()) return true;
    this.ends.delete(bucket);
    return false;
  }

  /** Remembers `bucket` when `hit` went past `limit`, until its window ends. */
  note(bucket: string, limit: number | undefined, hit: WindowHit | undefined): void {
    if (limit === undefined || hit === undefined || hit.count <= limit) return;
    this.ends.set(bucket, this.now() + hit.resetInMs);
    if (this.ends.size >= this.pruneAt) this.prune();
  }

  forget(bucket: string): void {
    this.ends.delete(bucket);
  }

  private prune(): void {
    const now = this.now();
    for (const [bucket, end] of this.ends) if (end <= now) this.ends.delete(bucket);
    this.pruneAt = Math.max(FIRST_PRUNE_AT, 2 * this.ends.size);
  }
}
