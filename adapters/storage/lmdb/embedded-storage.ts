import type { Clock } from "../../../application/ports.ts";
import type { ApiKey } from "../../../domain/api-key.ts";
import { SystemClock } from "../../system.ts";
import { AtomicRecords } from "../atomic-records.ts";
import { KeyvApiKeyStore } from "../keyv-api-key-store.ts";
import { KeyvAuditLog } from "../keyv-audit-log.ts";
import { OAUTH_NAMESPACES } from "../keyv-oauth-store.ts";
import { sortedIndexOf, withSortedIndex } from "../sorted-index.ts";
import type { Storage } from "../storage.ts";
import { toDataDirError } from "./data-dir-error.ts";
import { lmdbEntries } from "./lmdb-atomic-entries.ts";
import { openLmdb } from "./lmdb-keyv-store.ts";
import { LmdbSortedIndex } from "./lmdb-sorted-index.ts";
import { sweepExpired } from "./lmdb-sweep.ts";
import { LmdbUsageStore } from "./lmdb-usage-store.ts";
import { LmdbRateLimitStore, openLimitsEnvironment } from "./lmdb-rate-limit-store.ts";
import { LmdbCountedKeyReads } from "./lmdb-counted-key-reads.ts";

/**
 * LMDB for everything durable (store.mdb); rate-limit counters in their own LMDB file (limits.mdb, never synced to
 * disk: lmdb-rate-limit-store.ts), exact across every process on the DATA_DIR and kept over a restart. A directory that
 * cannot be created or written (permissions, a read-only or full disk, a file in the path) throws a DataDirError.
 */
export function openEmbeddedStorage(dataDir: string, clock: Clock = new SystemClock()): Storage {
  const lmdb = openDataDir(dataDir);
  const counters = openCounters(dataDir, lmdb);
  removeLegacyWindows(lmdb.db);
  const stopSweeping = startSweeping(lmdb.db);
  const limits = new LmdbRateLimitStore(counters.db, clock);
  // Every namespace comes with its ordered reads (audit pages, memberships) on the same LMDB file.
  const keyv = <T>(namespace: string) => withSortedIndex(lmdb.keyv<T>(namespace), new LmdbSortedIndex(lmdb.db, namespace));
  const atomic = <T>(namespace: string) => new AtomicRecords<T>(lmdb.keyv<T>(namespace), lmdbEntries(lmdb.db), `${namespace}:`);
  const records = atomic<ApiKey>("apikeys");
  const countedReads = new LmdbCountedKeyReads(lmdb.db, (id) => records.storeKey(id), limits);
  return {
    kind: "embedded",
    keys: new KeyvApiKeyStore({
      records,
      hashes: lmdb.keyv("apikey-hashes"),
      lastUsed: lmdb.keyv("apikey-last-used"),
      byWorkspace: sortedIndexOf(keyv("apikey-workspaces")),
      countedReads,
    }),
    limits,
    audit: new KeyvAuditLog(keyv),
    usage: new LmdbUsageStore(lmdb.db, clock),
    keyv,
    atomic,
    close: async () => {
      stopSweeping();
      countedReads.close();
      await limits.close();
      await counters.release();
      await lmdb.close();
    },
  };
}

function openDataDir<T = ReturnType<typeof openLmdb>>(dataDir: string, open: (dataDir: string) => T = openLmdb as (dataDir: string) => T): T {
  try {
    return open(dataDir);
  } catch (error) {
    throw toDataDirError(error, dataDir) ?? error;
  }
}

function openCounters(dataDir: string, lmdb: ReturnType<typeof openLmdb>): ReturnType<typeof openLimitsEnvironment> {
  try {
    return openDataDir(dataDir, openLimitsEnvironment);
  } catch (error) {
    void lmdb.close();
    throw error;
  }
}

/** Where the limiter before limits.mdb kept its windows in store.mdb, counted in one process's memory. */
const LEGACY_WINDOW_PREFIX = "ratelimit-window:";

/** Removes those windows once (one short write transaction, only when there are any): an upgraded store keeps none. */
function removeLegacyWindows(db: Parameters<typeof sweepExpired>[0]): void {
  const range = { start: LEGACY_WINDOW_PREFIX, end: "ratelimit-window;" };
  if (db.getKeysCount({ ...range, limit: 1 }) === 0) return;
  db.transactionSync(() => {
    for (const key of [...db.getKeys(range)]) db.removeSync(key);
  });
}

/**
 * The namespaces whose records expire (Keyv TTLs): LMDB keeps them until swept. The outbox's delivered and failed
 * items expire after 30 days; outbox items and webhooks being removed carry a short one in case the process dies.
 */
export const EXPIRING_NAMESPACES = ["sessions", "dashboard-flash", "invitations", "outbox", "webhooks", ...OAUTH_NAMESPACES] as const;
/** How often the embedded store removes expired records (and once shortly after opening). */
export const SWEEP_EVERY_MS = 10 * 60_000;

/** Starts the sweeps; the returned function stops them (before the store closes: a sweep must never race the close). */
function startSweeping(db: Parameters<typeof sweepExpired>[0]): () => void {
  // Keyv stamps expiries with Date.now(), so the sweep reads the same clock. A failed sweep waits for the next one.
  const sweep = () => void sweepExpired(db, EXPIRING_NAMESPACES).catch(() => undefined);
  const first = setTimeout(sweep, 1_000).unref();
  const timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
