import { EventEmitter } from "node:events";
import Keyv, { type KeyvStoreAdapter, type StoredData } from "keyv";
import type { PgDatabase } from "./pg-database.ts";

/** A row counts only until its expiry, on the database's clock: every instance agrees on what has expired. */
export const LIVE = "(expires_at IS NULL OR expires_at > now())";
/** How many rows one step of a listing reads. */
const PAGE = 500;

/**
 * A Keyv store over the `records` table, one namespace per store: Keyv's serialized record in `value`, a TTL in
 * `expires_at`. Expired rows are invisible to every read (the sweep deletes them later), so a reader never depends on
 * Keyv's own expiry check. Every call is one statement through the shared pool, bounded by its deadline.
 */
export class PgKeyvStore extends EventEmitter implements KeyvStoreAdapter {
  // "postgres" is a dialect Keyv knows to list: it wires iterator() from it.
  opts: { dialect: "postgres"; url: string };
  namespace?: string;

  constructor(private readonly db: PgDatabase, private readonly table: string) {
    super();
    this.opts = { dialect: "postgres", url: db.server };
  }

  async get<Value>(key: string): Promise<StoredData<Value> | undefined> {
    const found = await this.db.query<{ value: string }>("a record read", `SELECT value FROM records WHERE namespace = $1 AND key = $2 AND ${LIVE}`, [this.table, key]);
    return found.rows[0]?.value as StoredData<Value> | undefined;
  }

  async getMany<Value>(keys: string[]): Promise<Array<StoredData<Value | undefined>>> {
    const found = await this.db.query<{ key: string; value: string }>("a records read",
      `SELECT key, value FROM records WHERE namespace = $1 AND key = ANY($2::text[]) AND ${LIVE}`, [this.table, keys]);
    const byKey = new Map(found.rows.map((row) => [row.key, row.value]));
    return keys.map((key) => byKey.get(key) as StoredData<Value | undefined>);
  }

  async set(key: string, value: string, ttl?: number): Promise<boolean> {
    await this.db.query("a record write",
      `INSERT INTO records (namespace, key, value, expires_at) VALUES ($1, $2, $3, ${expiresAt("$4")})
       ON CONFLICT (namespace, key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
      [this.table, key, value, toTtl(ttl)]);
    return true;
  }

  async delete(key: string): Promise<boolean> {
    return ((await this.db.query("a record delete", "DELETE FROM records WHERE namespace = $1 AND key = $2", [this.table, key])).rowCount ?? 0) > 0;
  }

  async deleteMany(keys: string[]): Promise<boolean> {
    return ((await this.db.query("a records delete", "DELETE FROM records WHERE namespace = $1 AND key = ANY($2::text[])", [this.table, keys])).rowCount ?? 0) > 0;
  }

  async clear(): Promise<void> {
    await this.db.query("a namespace clear", "DELETE FROM records WHERE namespace = $1", [this.table]);
  }

  async has(key: string): Promise<boolean> {
    const found = await this.db.query("a record check", `SELECT 1 FROM records WHERE namespace = $1 AND key = $2 AND ${LIVE}`, [this.table, key]);
    return found.rows.length > 0;
  }

  /** Every live record, in key order, a page at a time (each page one statement, so a listing never holds a connection). */
  async *iterator<Value>(): AsyncGenerator<Array<string | Awaited<Value> | undefined>, void> {
    let after: string | null = null;
    for (;;) {
      const page: { rows: { key: string; value: string }[] } = await this.db.query<{ key: string; value: string }>("a records listing",
        `SELECT key, value FROM records WHERE namespace = $1 AND ($2::text IS NULL OR key > $2) AND ${LIVE} ORDER BY key LIMIT ${PAGE}`, [this.table, after]);
      for (const row of page.rows) yield [row.key, row.value as Awaited<Value>];
      if (page.rows.length < PAGE) return;
      after = page.rows[page.rows.length - 1].key;
    }
  }

  /** The owner closes the shared pool once, for every namespace. */
  async disconnect(): Promise<void> {}
}

/** The SQL for an expiry `ttl` milliseconds from the database's now, or none when the parameter is null. */
export function expiresAt(parameter: string): string {
  return `CASE WHEN ${parameter}::bigint IS NULL THEN NULL ELSE now() + ${parameter}::bigint * interval '1 millisecond' END`;
}

/** A TTL as a whole number of milliseconds (at least 1), or null for none. */
export function toTtl(ttl: number | undefined): number | null {
  return ttl === undefined || !Number.isFinite(ttl) ? null : Math.max(1, Math.ceil(ttl));
}

/** A Keyv over one namespace of the records table, throwing on store errors (an outage is never read as "no such key"). */
export function createPgKeyv<T>(db: PgDatabase, namespace: string): Keyv<T> {
  const keyv = new Keyv<T>({ store: new PgKeyvStore(db, namespace), namespace, useKeyPrefix: false, throwOnErrors: true });
  if (!keyv.iterator) throw new Error("Keyv did not wire the PostgreSQL iterator; listing would be impossible");
  return keyv;
}
