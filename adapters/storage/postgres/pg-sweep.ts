import type { PgDatabase } from "./pg-database.ts";

/** How often expired rows are deleted (and once shortly after opening), as on the embedded store. */
export const SWEEP_EVERY_MS = 10 * 60_000;
/** How many rows one statement of a sweep deletes, so each stays far inside the statement deadline. */
const ROWS_PER_STATEMENT = 1000;

/**
 * Deletes expired rows: records past their TTL (sessions, one-time values, finished outbox items), rate-limit counters
 * whose window ended and usage buckets past their expiry (`nowMs`, the clock that set it). Reads already skip them;
 * this keeps the tables from growing forever. Resolves with how many rows went.
 */
export async function sweepExpired(db: PgDatabase, nowMs: number): Promise<number> {
  const batches: [string, string, unknown[]][] = [
    ["records", "expires_at IS NOT NULL AND expires_at <= now()", []],
    ["rate_limits", "expires_at <= now()", []],
    ["usage", "expires_at <= $1::bigint", [nowMs]],
  ];
  let removed = 0;
  for (const [table, expired, values] of batches) {
    for (;;) {
      const result = await db.query("a retention sweep",
        `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${expired} LIMIT ${ROWS_PER_STATEMENT}))`, values);
      removed += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < ROWS_PER_STATEMENT) break;
    }
  }
  return removed;
}

/** Sweeps shortly after opening and then every `everyMs`; a failed sweep waits for the next one. */
export function startSweeping(db: PgDatabase, now: () => number, everyMs: number): () => void {
  const sweep = () => void sweepExpired(db, now()).catch(() => undefined);
  const first = setTimeout(sweep, 1_000);
  const timer = setInterval(sweep, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
