import Keyv from "keyv";
import type { ApiKeyStore, AuditLog, Clock, RateLimitStore, UsageStore } from "../../application/ports.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { SystemClock } from "../system.ts";
import { mapEntries } from "./atomic-entries.ts";
import { lmdbEntries } from "./lmdb-atomic-entries.ts";
import { AtomicRecords } from "./atomic-records.ts";
import { toDataDirError } from "./data-dir-error.ts";
import { KeyvApiKeyStore } from "./keyv-api-key-store.ts";
import { KeyvAuditLog } from "./keyv-audit-log.ts";
import { LmdbUsageStore } from "./lmdb-usage-store.ts";
import { MemoryUsageStore } from "./memory-usage-store.ts";
import { migrateLegacyLayout } from "./legacy-layout.ts";
import { openLmdb } from "./lmdb-keyv-store.ts";
import { sweepExpired } from "./lmdb-sweep.ts";
import { LmdbSortedIndex } from "./lmdb-sorted-index.ts";
import { MemorySortedIndex, sortedIndexOf, withSortedIndex } from "./sorted-index.ts";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.ts";
import { PersistentRateLimitStore } from "./persistent-rate-limit-store.ts";

/** The storage a process runs on: keys, rate-limit counters, and Keyv namespaces for everything else. */
export interface Storage {
  readonly kind: "embedded" | "redis";
  readonly keys: ApiKeyStore;
  readonly limits: RateLimitStore;
  /** Key (and later pack) events per workspace. */
  readonly audit: AuditLog;
  /** Usage counters per key, tool and minute / hour / day bucket. */
  readonly usage: UsageStore;
  /** A Keyv over one namespace of the same backend (accounts, sessions, …); it throws on store errors. */
  keyv<T>(namespace: string): Keyv<T>;
  /** The same namespace with atomic writes (compare-and-set, claim) that hold across every process on the backend. */
  atomic<T>(namespace: string): AtomicRecords<T>;
  close(): Promise<void>;
}

/** Embedded LMDB under DATA_DIR, or Redis when REDIS_URL (or a Redis Cluster when REDIS_CLUSTER) is set; `logger` hears of Redis outages (once each). */
export async function openStorage(config: Config, clock: Clock, logger?: Pick<Logger, "warn" | "info">): Promise<Storage> {
  let storage: Storage;
  if (config.redisUrl || config.redisCluster) {
    const { openRedisStorage } = await import("./redis-storage.ts");
    storage = await openRedisStorage(config, clock, logger);
  } else {
    storage = openEmbeddedStorage(config.dataDir, clock);
  }
  try {
    const moved = await migrateLegacyLayout(storage);
    if (moved.memberships + moved.events > 0) logger?.info(moved, "moved memberships and audit events of the previous release into the sorted indexes");
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}

/**
 * LMDB for everything durable; rate-limit counters counted in this process's memory (one process per DATA_DIR
 * serves) and written to LMDB every second and on close, so windows survive a restart. A directory that cannot be
 * created or written (permissions, a read-only or full disk, a file in the path) throws a DataDirError saying so.
 */
export function openEmbeddedStorage(dataDir: string, clock: Clock = new SystemClock()): Storage {
  const lmdb = openDataDir(dataDir);
  const sweeper = startSweeping(lmdb.db);
  const limits = new PersistentRateLimitStore(lmdb.db, clock);
  // Every namespace comes with its ordered reads (audit pages, memberships) on the same LMDB file.
  const keyv = <T>(namespace: string) => withSortedIndex(lmdb.keyv<T>(namespace), new LmdbSortedIndex(lmdb.db, namespace));
  const atomic = <T>(namespace: string) => new AtomicRecords<T>(lmdb.keyv<T>(namespace), lmdbEntries(lmdb.db), `${namespace}:`);
  return {
    kind: "embedded",
    keys: new KeyvApiKeyStore({
      records: atomic("apikeys"),
      hashes: lmdb.keyv("apikey-hashes"),
      lastUsed: lmdb.keyv("apikey-last-used"),
      byWorkspace: sortedIndexOf(keyv("apikey-workspaces")),
    }),
    limits,
    audit: new KeyvAuditLog(keyv),
    usage: new LmdbUsageStore(lmdb.db, clock),
    keyv,
    atomic,
    close: async () => {
      clearInterval(sweeper);
      await limits.closeAndFlush();
      await lmdb.close();
    },
  };
}

function openDataDir(dataDir: string): ReturnType<typeof openLmdb> {
  try {
    return openLmdb(dataDir);
  } catch (error) {
    throw toDataDirError(error, dataDir) ?? error;
  }
}

/**
 * The namespaces whose records expire (Keyv TTLs): LMDB keeps them until swept. The outbox's delivered and failed
 * items expire after 30 days; outbox items and webhooks being removed carry a short one in case the process dies.
 */
export const EXPIRING_NAMESPACES = ["sessions", "dashboard-flash", "invitations", "outbox", "webhooks"] as const;
/** How often the embedded store removes expired records (and once shortly after opening). */
export const SWEEP_EVERY_MS = 10 * 60_000;

function startSweeping(db: Parameters<typeof sweepExpired>[0]): NodeJS.Timeout {
  // Keyv stamps expiries with Date.now(), so the sweep reads the same clock. A failed sweep waits for the next one.
  const sweep = () => void sweepExpired(db, EXPIRING_NAMESPACES).catch(() => undefined);
  setTimeout(sweep, 1_000).unref();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return timer;
}

/** Everything in this process's memory; for tests and examples (nothing survives a restart). */
export function openMemoryStorage(clock: Clock = new SystemClock()): Storage {
  const limits = new MemoryRateLimitStore(clock);
  const keyv = <T>(namespace: string, store = new Map<string, unknown>()) => new Keyv<T>({ store, namespace, throwOnErrors: true });
  const atomics = new Map<string, AtomicRecords<unknown>>();
  const atomic = <T>(namespace: string): AtomicRecords<T> => {
    let found = atomics.get(namespace);
    if (!found) {
      const map = new Map<string, unknown>();
      found = new AtomicRecords<unknown>(keyv(namespace, map), mapEntries(map), `${namespace}:`);
      atomics.set(namespace, found);
    }
    return found as AtomicRecords<T>;
  };
  return {
    kind: "embedded",
    keys: new KeyvApiKeyStore({
      records: atomic("apikeys"),
      hashes: keyv("apikey-hashes"),
      lastUsed: keyv("apikey-last-used"),
      byWorkspace: new MemorySortedIndex(),
    }),
    limits,
    audit: new KeyvAuditLog(keyv),
    usage: new MemoryUsageStore(clock),
    keyv,
    atomic,
    close: async () => limits.close(),
  };
}
