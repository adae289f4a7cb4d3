import { windowAt } from "../../domain/rate-limit.js";
/**
 * Fixed-window counters in this process. `hit` reads and writes with no await in between,
 * so concurrent requests on one event loop can never share a count.
 */
export class MemoryRateLimitStore {
    clock;
    counters = new Map();
    sweeper;
    constructor(clock, sweepEveryMs = 10_000) {
        this.clock = clock;
        this.sweeper = setInterval(() => this.sweep(), sweepEveryMs);
        this.sweeper.unref();
    }
    async hit(bucket, windowMs) {
        const now = this.clock.now();
        const window = windowAt(windowMs, now);
        const counter = this.counters.get(bucket);
        if (counter && counter.windowId === window.id) {
            counter.count += 1;
            return { count: counter.count, resetInMs: window.resetInMs };
        }
        this.counters.set(bucket, { windowId: window.id, count: 1, endsAt: now + window.resetInMs });
        return { count: 1, resetInMs: window.resetInMs };
    }
    async peek(bucket, windowMs) {
        const window = windowAt(windowMs, this.clock.now());
        const counter = this.counters.get(bucket);
        return { count: counter && counter.windowId === window.id ? counter.count : 0, resetInMs: window.resetInMs };
    }
    /** How many windows are held; expired ones are dropped by the sweep. */
    get size() {
        return this.counters.size;
    }
    /** Drops every counter whose window has ended, so memory follows the active keys only. */
    sweep() {
        const now = this.clock.now();
        for (const [bucket, counter] of this.counters)
            if (counter.endsAt <= now)
                this.counters.delete(bucket);
    }
    close() {
        clearInterval(this.sweeper);
    }
}
