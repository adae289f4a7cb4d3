import Keyv from "keyv";
import { SystemClock } from "../system.js";
import { CachedApiKeyStore } from "./cached-api-key-store.js";
import { KeyvApiKeyStore } from "./keyv-api-key-store.js";
import { openLmdb } from "./lmdb-keyv-store.js";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";
import { PersistentRateLimitStore } from "./persistent-rate-limit-store.js";
/** Embedded LMDB under DATA_DIR, or Redis when REDIS_URL is set; `logger` hears of Redis outages (once each). */
export async function openStorage(config, clock, logger) {
    if (config.redisUrl) {
        const { openRedisStorage } = await import("./redis-storage.js");
        return openRedisStorage(config, clock, logger);
    }
    return openEmbeddedStorage(config.dataDir, clock);
}
/**
 * LMDB for everything durable; rate-limit counters counted in this process's memory (one process per DATA_DIR
 * serves) and written to LMDB every second and on close, so windows survive a restart.
 */
export function openEmbeddedStorage(dataDir, clock = new SystemClock()) {
    const lmdb = openLmdb(dataDir);
    const limits = new PersistentRateLimitStore(lmdb.db, clock);
    return {
        kind: "embedded",
        keys: new CachedApiKeyStore(new KeyvApiKeyStore(lmdb.keyv("apikeys"), lmdb.keyv("apikey-hashes"))),
        limits,
        keyv: (namespace) => lmdb.keyv(namespace),
        close: async () => {
            await limits.closeAndFlush();
            await lmdb.close();
        },
    };
}
/** Everything in this process's memory; for tests and examples (nothing survives a restart). */
export function openMemoryStorage(clock = new SystemClock()) {
    const limits = new MemoryRateLimitStore(clock);
    const keyv = (namespace) => new Keyv({ store: new Map(), namespace, throwOnErrors: true });
    return {
        kind: "embedded",
        keys: new KeyvApiKeyStore(keyv("apikeys"), keyv("apikey-hashes")),
        limits,
        keyv,
        close: async () => limits.close(),
    };
}
