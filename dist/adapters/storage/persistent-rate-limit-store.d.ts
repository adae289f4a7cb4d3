import type { RootDatabase } from "lmdb";
import type { Clock } from "../../application/ports.ts";
import type { WindowHit } from "../../domain/rate-limit.ts";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.ts";
/** Where the windows live in the embedded database: one entry per bucket under this prefix. */
export declare const WINDOW_PREFIX = "ratelimit-window:";
/** How often changed windows are written: a crash loses at most this much counting. */
export declare const FLUSH_EVERY_MS = 1000;
/**
 * The in-memory fixed-window limiter, with its windows kept in the embedded store. Counting stays in memory
 * (no storage write per request); changed windows are written at most every second and on close, so a graceful
 * restart keeps every count exactly and a crash (kill -9) forgets at most the last second of hits.
 */
export declare class PersistentRateLimitStore extends MemoryRateLimitStore {
    private readonly db;
    private readonly dirty;
    private readonly flusher;
    private flushing;
    constructor(db: RootDatabase<string, string>, clock: Clock, flushEveryMs?: number);
    hit(bucket: string, windowMs: number): Promise<WindowHit>;
    sweep(): void;
    /** Writes every window changed since the last flush (one LMDB transaction); removes the ended ones. */
    flush(): Promise<void>;
    /** Stops the timer and writes what is left: after this, a new process on the same DATA_DIR counts on exactly. */
    closeAndFlush(): Promise<void>;
    close(): void;
    /** Loads the windows that have not ended yet, and removes the ended ones. */
    private restore;
}
