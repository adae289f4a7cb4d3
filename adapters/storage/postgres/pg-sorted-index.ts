import type { IndexEntry, PutOptions, SortedIndex } from "../sorted-index.ts";
import type { PgDatabase } from "./pg-database.ts";

const SET = "namespace = $1 AND set_name = $2";

/**
 * Sorted sets in the `sorted_index` table, one namespace per index: the primary key (namespace, set, member) with
 * members in byte order (COLLATE "C") serves every page as an index range that reads only the rows it returns.
 * A put or a remove is one call of a database function (migrations.ts) that locks the set's row first, so caps and
 * trims are exact across instances.
 */
export class PgSortedIndex implements SortedIndex {
  constructor(private readonly db: PgDatabase, private readonly namespace: string) {}

  async put(set: string, member: string, value: string, options: PutOptions = {}): Promise<boolean> {
    const result = await this.db.query<{ stored: boolean }>("a sorted-index put", "SELECT sorted_put($1, $2, $3, $4, $5, $6) AS stored",
      [this.namespace, set, member, value, options.keep ?? null, options.maxCount ?? null]);
    return result.rows[0]?.stored === true;
  }

  async get(set: string, member: string): Promise<string | undefined> {
    const found = await this.db.query<{ value: string }>("a sorted-index read", `SELECT value FROM sorted_index WHERE ${SET} AND member = $3`, [this.namespace, set, member]);
    return found.rows[0]?.value;
  }

  async remove(set: string, member: string): Promise<void> {
    await this.db.query("a sorted-index remove", "SELECT sorted_remove($1, $2, $3)", [this.namespace, set, member]);
  }

  descending(set: string, limit: number, below?: string): Promise<IndexEntry[]> {
    return this.range(`($3::text IS NULL OR member < $3) ORDER BY member DESC LIMIT $4`, [set, below ?? null, limit]);
  }

  ascending(set: string, limit: number, above?: string): Promise<IndexEntry[]> {
    return this.range(`($3::text IS NULL OR member > $3) ORDER BY member LIMIT $4`, [set, above ?? null, limit]);
  }

  all(set: string): Promise<IndexEntry[]> {
    return this.range("true ORDER BY member", [set]);
  }

  private async range(where: string, values: unknown[]): Promise<IndexEntry[]> {
    const found = await this.db.query<IndexEntry>("a sorted-index page", `SELECT member, value FROM sorted_index WHERE ${SET} AND ${where}`, [this.namespace, ...values]);
    return found.rows.map((row) => ({ member: row.member, value: row.value }));
  }
}
