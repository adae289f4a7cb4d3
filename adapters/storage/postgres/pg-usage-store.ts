import type { Clock, UsageBucketWrite, UsageStore } from "../../../application/ports.ts";
import type { Granularity } from "../../../domain/usage.ts";
import type { PgDatabase } from "./pg-database.ts";

/**
 * One statement for a whole flush (so it lands whole or not at all): every counter added into its row, a bucket that
 * had expired starting over. Rows arrive sorted by key, so two instances flushing the same buckets lock them in the
 * same order and never deadlock. $1…$6: scopes, granularities, starts, fields, counts, expiries; $7 the clock's now.
 */
const ADD = `
INSERT INTO usage AS u (scope, granularity, at, field, count, expires_at)
SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::bigint[], $6::bigint[])
ON CONFLICT (scope, granularity, at, field) DO UPDATE SET
  count = CASE WHEN u.expires_at > $7::bigint THEN u.count + EXCLUDED.count ELSE EXCLUDED.count END,
  expires_at = EXCLUDED.expires_at`;

/**
 * Usage buckets in the `usage` table: one row per counter, summed by the database so any number of instances add
 * exactly. Expiry follows the injected clock (the one that set expiresAt), as on LMDB; the sweep deletes expired rows.
 */
export class PgUsageStore implements UsageStore {
  constructor(private readonly db: PgDatabase, private readonly clock: Clock) {}

  async add(writes: readonly UsageBucketWrite[]): Promise<void> {
    const now = this.clock.now();
    // One row per counter: a write naming a bucket twice is summed here (one statement may not update a row twice).
    const rows = new Map<string, { scope: string; granularity: string; at: number; field: string; count: number; expiresAt: number }>();
    for (const write of writes) {
      if (write.expiresAt <= now) continue;
      for (const [field, count] of write.fields) {
        const id = JSON.stringify([write.scope, write.granularity, write.at, field]);
        const found = rows.get(id);
        if (found) rows.set(id, { ...found, count: found.count + count, expiresAt: Math.max(found.expiresAt, write.expiresAt) });
        else rows.set(id, { scope: write.scope, granularity: write.granularity, at: write.at, field, count, expiresAt: write.expiresAt });
      }
    }
    if (rows.size === 0) return;
    const sorted = [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    await this.db.query("a usage flush", ADD, [
      sorted.map((row) => row.scope), sorted.map((row) => row.granularity), sorted.map((row) => row.at),
      sorted.map((row) => row.field), sorted.map((row) => row.count), sorted.map((row) => row.expiresAt), now,
    ]);
  }

  async read(scope: string, granularity: Granularity, ats: readonly number[]): Promise<readonly ReadonlyMap<string, number>[]> {
    const found = await this.db.query<{ at: string; field: string; count: string }>("a usage read",
      "SELECT at, field, count FROM usage WHERE scope = $1 AND granularity = $2 AND at = ANY($3::bigint[]) AND expires_at > $4::bigint",
      [scope, granularity, [...ats], this.clock.now()]);
    const buckets = new Map<number, Map<string, number>>(ats.map((at) => [at, new Map()]));
    for (const row of found.rows) buckets.get(Number(row.at))?.set(row.field, Number(row.count));
    // The same start asked twice reads the same bucket twice.
    return ats.map((at) => new Map(buckets.get(at)));
  }
}
