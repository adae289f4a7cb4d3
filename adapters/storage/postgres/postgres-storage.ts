import type Keyv from "keyv";
import type { Clock, RateLimitStore } from "../../../application/ports.ts";
import type { Config } from "../../config.ts";
import { AtomicRecords } from "../atomic-records.ts";
import { KeyvApiKeyStore } from "../keyv-api-key-store.ts";
import { KeyvAuditLog } from "../keyv-audit-log.ts";
import type { Storage } from "../storage.ts";
import { sortedIndexOf, withSortedIndex } from "../sorted-index.ts";
import { migrate } from "./migrate.ts";
import { pgEntries } from "./pg-atomic-entries.ts";
import { PgBatchedKeyReads } from "./pg-batched-key-reads.ts";
import { PgDatabase } from "./pg-database.ts";
import type { StorageLogger } from "../storage.ts";
import { createPgKeyv } from "./pg-keyv-store.ts";
import { PgRateLimitStore } from "./pg-rate-limit-store.ts";
import { startSweeping, SWEEP_EVERY_MS } from "./pg-sweep.ts";
import { PgSortedIndex } from "./pg-sorted-index.ts";
import { PgUsageStore } from "./pg-usage-store.ts";

/** The namespace of the API keys' records: read by the key store and, a turn's reads together, by PgBatchedKeyReads. */
const KEY_RECORDS = "apikeys";

/**
 * Every record in the PostgreSQL database at `config.databaseUrl`, migrated to this release's schema first (refused
 * when newer). Rate-limit counters live there too, unless REDIS_URL or REDIS_CLUSTER is also set: then only they live
 * in Redis. Every instance on the same database shares everything; `logger` hears of outages (once each).
 */
export function openPostgresStorage(config: Config, clock: Clock, logger?: StorageLogger): Promise<Storage> {
  return openPostgresWith(config, clock, { logger });
}

/**
 * openPostgresStorage with its statement deadline chosen (PG_DEADLINE_MS otherwise): the stores' contract suites run
 * on a loaded test machine, where what they prove is the stores' semantics, not how fast a statement returns.
 */
export async function openPostgresWith(config: Config, clock: Clock, options: { readonly logger?: StorageLogger; readonly deadlineMs?: number }): Promise<Storage> {
  const url = config.databaseUrl;
  if (!url) throw new Error("openPostgresStorage needs config.databaseUrl");
  await migrate(url);
  const { logger } = options;
  const db = new PgDatabase(url, logger, options.deadlineMs);
  let counters: { limits: RateLimitStore; close(): Promise<void> };
  try {
    counters = config.redisUrl || config.redisCluster
      ? await (await import("./redis-counters.ts")).openRedisCounters(config, logger)
      : { limits: new PgRateLimitStore(db), close: async () => {} };
  } catch (error) {
    await db.close();
    throw error;
  }
  const namespaces = new Map<string, Keyv<unknown>>();
  const keyv = <T>(namespace: string): Keyv<T> => {
    let found = namespaces.get(namespace);
    // Every namespace comes with its ordered reads (audit pages, memberships) in the same database.
    if (!found) namespaces.set(namespace, (found = withSortedIndex(createPgKeyv<unknown>(db, namespace), new PgSortedIndex(db, namespace))));
    return found as Keyv<T>;
  };
  const atomic = <T>(namespace: string) => new AtomicRecords<T>(keyv<T>(namespace), pgEntries(db, namespace), "");
  const stopSweeping = startSweeping(db, () => clock.now(), SWEEP_EVERY_MS);
  return {
    kind: "postgres",
    keys: new KeyvApiKeyStore({
      records: atomic(KEY_RECORDS),
      hashes: keyv("apikey-hashes"),
      lastUsed: keyv("apikey-last-used"),
      byWorkspace: sortedIndexOf(keyv("apikey-workspaces")),
      countedReads: new PgBatchedKeyReads(db, KEY_RECORDS),
    }),
    limits: counters.limits,
    audit: new KeyvAuditLog(keyv),
    usage: new PgUsageStore(db, clock),
    keyv,
    atomic,
    close: async () => {
      stopSweeping();
      await counters.close();
      await db.close();
    },
  };
}
