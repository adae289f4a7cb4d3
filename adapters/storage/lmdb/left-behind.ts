import { existsSync } from "node:fs";
import { join } from "node:path";
import { open } from "lmdb";
import type { StorageLogger } from "../storage.ts";

/**
 * Whether `dataDir` holds an embedded store with at least one record: read-only, one key read, closed at once. A
 * missing or unreadable file holds nothing this can say.
 */
export function embeddedStoreHasRecords(dataDir: string): boolean {
  const path = join(dataDir, "store.mdb");
  if (!existsSync(path)) return false;
  try {
    const db = open<string, string>({ path, encoding: "string", readOnly: true });
    try {
      for (const _ of db.getKeys({ limit: 1 })) return true;
      return false;
    } finally {
      void db.close();
    }
  } catch {
    return false;
  }
}

/**
 * Says at start that DATA_DIR still holds an embedded store's records while the server runs on another store: an
 * operator who moved to Redis or PostgreSQL and forgot the records would otherwise see every key and account gone.
 */
export function warnOfRecordsLeftBehind(kind: string, dataDir: string, logger: StorageLogger): void {
  if (kind === "embedded" || !embeddedStoreHasRecords(dataDir)) return;
  logger.warn(
    { dataDir, storage: kind },
    `DATA_DIR holds an embedded store with records, but this server stores them in ${kind}: to move them, run tool-api export with this DATA_DIR and no DATABASE_URL, REDIS_URL or REDIS_CLUSTER, then tool-api import with this server's configuration`,
  );
}
