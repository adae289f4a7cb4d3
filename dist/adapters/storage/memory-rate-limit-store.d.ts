import type { Clock, RateLimitStore } from "../../application/ports.ts";
import { type WindowHit } from "../../domain/rate-limit.ts";
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
export declare class MemoryRateLimitStore implements RateLimitStore {
    protected readonly clock: Clock;
    protected readonly counters: Map<string, Counter>;
    private readonly sweeper;
    constructor(clock: Clock, sweepEveryMs?: number);
    hit(bucket: string, windowMs: number): Promise<WindowHit>;
    peek(bucket: string, windowMs: number): Promise<WindowHit>;
    /** How many windows are held; expired ones are dropped by the sweep. */
    get size(): number;
    /** Drops every counter whose window has ended, so memory follows the active keys only. */
    sweep(): void;
    close(): void;
}
