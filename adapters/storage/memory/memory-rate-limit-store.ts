import type { Clock, RateLimitStore } from "../../../application/ports.ts";
import { type WindowHit, windowAt } from "../../../domain/rate-limit.ts";

/** One bucket's window: which window it counts, how many, and when it ends (epoch ms). */
export interface Counter {
  windowId: number;
  count: number;
  endsAt: number;
}

/**
 * Fixed-window counters in this process. `hit` reads and writes with no await in between,
 * so concurrent requests on one event loop can never share a count.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  protected readonly counters = new Map<string, Counter>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(protected readonly clock: Clock, sweepEveryMs = 10_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
    this.sweeper.unref();
  }

  async hit(bucket: string, windowMs: number, limit?: number): Promise<WindowHit> {
    const now = this.clock.now();
    const window = windowAt(windowMs, now);
    const counter = this.counters.get(bucket);
    if (counter && counter.windowId === window.id) {
      // Past the limit: counted nowhere, so no window number to release it by (RateLimitStore.hit's `limit`).
      if (limit !== undefined && counter.count > limit) return { count: counter.count + 1, resetInMs: window.resetInMs };
      counter.count += 1;
      return { count: counter.count, resetInMs: window.resetInMs, windowId: window.id };
    }
    this.counters.set(bucket, { windowId: window.id, count: 1, endsAt: now + window.resetInMs });
    return { count: 1, resetInMs: window.resetInMs, windowId: window.id };
  }

  async release(bucket: string, _windowMs: number, windowId: number): Promise<void> {
    const counter = this.counters.get(bucket);
    if (counter && counter.windowId === windowId && counter.count > 0) counter.count -= 1;
  }

  async peek(bucket: string, windowMs: number): Promise<WindowHit> {
    const window = windowAt(windowMs, this.clock.now());
    const counter = this.counters.get(bucket);
    return { count: counter && counter.windowId === window.id ? counter.count : 0, resetInMs: window.resetInMs };
  }

  /** How many windows are held; expired ones are dropped by the sweep. */
  get size(): number {
    return this.counters.size;
  }

  /** Drops every counter whose window has ended, so memory follows the active keys only. */
  sweep(): void {
    const now = this.clock.now();
    for (const [bucket, counter] of this.counters) if (counter.endsAt <= now) this.counters.delete(bucket);
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
