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
 * The store the configuration names (backends.ts): PostgreSQL when DATABASE_URL is set (with the rate-limit counters
 * in Redis when that is set too); Redis when REDIS_URL (or a Redis Cluster when REDIS_CLUSTER) is set; embedded LMDB
 * under DATA_DIR otherwise. `logger` hears of outages (once each).
 */
export async function openStorage(config: Config, clock: Clock, logger?: StorageLogger): Promise<Storage> {
  const storage = await backendFor(config).open(config, clock, logger);
  try {
    const moved = await migrateLegacyLayout(storage);
    if (moved.memberships + moved.events > 0) logger?.info(moved, "moved memberships and audit events of the previous release into the sorted indexes");
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}
