import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import type { Clock } from "../../application/ports.ts";
import type { Config } from "../config.ts";
import { backendFor } from "./backends.ts";
import { migrateLegacyLayout } from "./legacy-layout.ts";
import type { Storage, StorageLogger } from "./storage.ts";

// Declared apart so the backends opened here can name it without importing this file back.
export type { Storage } from "./storage.ts";
// The embedded and in-memory stores, which embedders and tests open by name.
export { openEmbeddedStorage } from "./lmdb/embedded-storage.ts";
export { openMemoryStorage } from "./memory/memory-storage.ts";

/**
 * How often the one-time migration is tried before a start is refused, and the pause between tries. On a fresh Redis
 * prefix it walks the whole keyspace a SCAN page at a time, each page within the 1-s deadline a request has: a Redis
 * busy for a second (a loaded host) missed one page, and the start failed. The migration is idempotent.
 */
const MIGRATION_TRIES = 4;
const MIGRATION_PAUSE_MS = 1000;

/**
 * The store the configuration names (backends.ts): PostgreSQL when DATABASE_URL is set (with the rate-limit counters
 * in Redis when that is set too); Redis when REDIS_URL (or a Redis Cluster when REDIS_CLUSTER) is set; embedded LMDB
 * under DATA_DIR otherwise. `logger` hears of outages (once each).
 */
export async function openStorage(config: Config, clock: Clock, logger?: StorageLogger): Promise<Storage> {
  const storage = await backendFor(config).open(config, clock, logger);
  try {
    const moved = await migrateWithPatience(storage, logger);
    if (moved.memberships + moved.events > 0) logger?.info(moved, "moved memberships and audit events of the previous release into the sorted indexes");
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}

/** The migration, tried again while the store does not answer in time (anything else fails at once). */
export async function migrateWithPatience(storage: Storage, logger?: StorageLogger): ReturnType<typeof migrateLegacyLayout> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateLegacyLayout(storage);
    } catch (error) {
      if (!(error instanceof StorageUnavailableError) || attempt >= MIGRATION_TRIES) throw error;
      logger?.warn({ attempt, err: error.message }, "storage did not answer the start-up migration in time; trying again");
      await new Promise((resolve) => setTimeout(resolve, MIGRATION_PAUSE_MS));
    }
  }
}
