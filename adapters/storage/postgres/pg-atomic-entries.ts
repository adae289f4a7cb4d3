import type { AtomicEntries } from "../atomic-entries.ts";
import type { PgDatabase } from "./pg-database.ts";
import { expiresAt, LIVE, toTtl } from "./pg-keyv-store.ts";

/**
 * The records of one namespace as atomic entries (keys without a prefix: the namespace is a column). Each
 * compare-and-set is one statement: an UPDATE whose WHERE names the expected value, or an INSERT that writes only
 * over nothing or an expired row. Under READ COMMITTED a writer that waited for a concurrent one re-checks its
 * WHERE against the row that one committed, so of two racing writers from the same value exactly one wins.
 */
export function pgEntries(db: PgDatabase, namespace: string): AtomicEntries {
  return {
    read: async (key) => {
      const found = await db.query<{ value: string }>("an atomic read", `SELECT value FROM records WHERE namespace = $1 AND key = $2 AND ${LIVE}`, [namespace, key]);
      return found.rows[0]?.value;
    },
    compareAndSet: async (key, expected, next, ttlMs) => {
      const ttl = toTtl(ttlMs);
      const written = expected === undefined
        ? await db.query("an atomic claim",
          `INSERT INTO records (namespace, key, value, expires_at) VALUES ($1, $2, $3, ${expiresAt("$4")})
           ON CONFLICT (namespace, key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
           WHERE records.expires_at IS NOT NULL AND records.expires_at <= now()`, [namespace, key, next, ttl])
        : await db.query("a compare-and-set",
          `UPDATE records SET value = $3, expires_at = ${expiresAt("$4")}
           WHERE namespace = $1 AND key = $2 AND value = $5 AND ${LIVE}`, [namespace, key, next, ttl, expected]);
      return written.rowCount === 1;
    },
  };
}
