import type { RootDatabase } from "lmdb";
import type { Clock } from "../../application/ports.ts";
import type { WindowHit } from "../../domain/rate-limit.ts";
import { type Counter, MemoryRateLimitStore } from "./memory-rate-limit-store.ts";

/** Where the windows live in the embedded database: one entry per bucket under this prefix. */
export const WINDOW_PREFIX = "ratelimit-window:";

/** How often changed windows are written: a crash loses at most this much counting. */
export const FLUSH_EVERY_MS = 1_000;

/**
 * The in-memory fixed-window limiter, with its windows kept in the embedded store. Counting stays in memory
 * (no storage write per request); changed windows are written at most every second and on close, so a graceful
 * restart keeps every count exactly and a crash (kill -9) forgets at most the last second of hits.
 */
export class PersistentRateLimitStore extends MemoryRateLimitStore {
  private readonly dirty = new Set<string>();
  private readonly flusher: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: RootDatabase<string, string>, clock: Clock, flushEveryMs = FLUSH_EVERY_MS) {
    super(clock);
    this.restore();
    this.flusher = setInterval(() => void this.flush(), flushEveryMs);
    this.flusher.unref();
  }

  override hit(bucket: string, windowMs: number): Promise<WindowHit> {
    this.dirty.add(bucket);
    return super.hit(bucket, windowMs);
  }

  override release(bucket: string, windowMs: number, windowId: number): Promise<void> {
    this.dirty.add(bucket);
    return super.release(bucket, windowMs, windowId);
  }

  override sweep(): void {
    const now = this.clock.now();
    // Ended windows are dropped from memory by the sweep and from the database by the next flush.
    for (const [bucket, counter] of this.counters) if (counter.endsAt <= now) this.dirty.add(bucket);
    super.sweep();
  }

  /** Writes every window changed since the last flush (one LMDB transaction); removes the ended ones. */
  flush(): Promise<void> {
    if (this.dirty.size === 0) return this.flushing;
    const buckets = [...this.dirty];
    this.dirty.clear();
    const writes = this.db.transaction(() => {
      for (const bucket of buckets) {
        const counter = this.counters.get(bucket);
        if (counter) this.db.put(WINDOW_PREFIX + bucket, JSON.stringify(counter));
        else this.db.remove(WINDOW_PREFIX + bucket);
      }
    });
    this.flushing = this.flushing.then(() => writes).then(() => undefined);
    return this.flushing;
  }

  /** Stops the timer and writes what is left: after this, a new process on the same DATA_DIR counts on exactly. */
  async closeAndFlush(): Promise<void> {
    clearInterval(this.flusher);
    super.close();
    await this.flush();
  }

  override close(): void {
    clearInterval(this.flusher);
    super.close();
    void this.flush();
  }

  /** Loads the windows that have not ended yet, and removes the ended ones. */
  private restore(): void {
    const now = this.clock.now();
    const ended: string[] = [];
    for (const { key, value } of this.db.getRange({ start: WINDOW_PREFIX })) {
      if (!key.startsWith(WINDOW_PREFIX)) break;
      const counter = parseCounter(value);
      if (counter && counter.endsAt > now) this.counters.set(key.slice(WINDOW_PREFIX.length), counter);
      else ended.push(key);
    }
    if (ended.length === 0) return;
    // Checked again under LMDB's write lock: another process (the keys CLI opens this store too) never loses
    // a window the serving process has just written.
    this.db.transactionSync(() => {
      for (const key of ended) {
        const current = parseCounter(this.db.get(key) ?? "");
        if (!current || current.endsAt <= now) this.db.remove(key);
      }
    });
  }
}

function parseCounter(text: string): Counter | undefined {
  try {
    const value = JSON.parse(text) as Counter;
    const valid = [value.windowId, value.count, value.endsAt].every((n) => Number.isSafeInteger(n));
    return valid ? value : undefined;
  } catch {
    return undefined;
  }
}
