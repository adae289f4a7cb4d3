import Keyv from "keyv";
import type { ApiKeyStore, Clock, RateLimitStore } from "../../application/ports.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
/** The storage a process runs on: keys, rate-limit counters, and Keyv namespaces for everything else. */
export interface Storage {
    readonly kind: "embedded" | "redis";
    readonly keys: ApiKeyStore;
    readonly limits: RateLimitStore;
    /** A Keyv over one namespace of the same backend (accounts, sessions, …); it throws on store errors. */
    keyv<T>(namespace: string): Keyv<T>;
    close(): Promise<void>;
}
/** Embedded LMDB under DATA_DIR, or Redis when REDIS_URL is set; `logger` hears of Redis outages (once each). */
export declare function openStorage(config: Config, clock: Clock, logger?: Pick<Logger, "warn" | "info">): Promise<Storage>;
/**
 * LMDB for everything durable; rate-limit counters counted in this process's memory (one process per DATA_DIR
 * serves) and written to LMDB every second and on close, so windows survive a restart.
 */
export declare function openEmbeddedStorage(dataDir: string, clock?: Clock): Storage;
/** Everything in this process's memory; for tests and examples (nothing survives a restart). */
export declare function openMemoryStorage(clock?: Clock): Storage;
