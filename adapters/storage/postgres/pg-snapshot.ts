import pg from "pg";
import { GRANULARITIES, type Granularity } from "../../../domain/usage.ts";
import { EXPORTED_NAMESPACES, type ExportEntry, type SnapshotSource, type UsageEntry } from "../snapshot/export-format.ts";
import { decodeKeyvEntry } from "../snapshot/keyv-entry.ts";

/** Rows one FETCH reads: the export streams, never holding a whole table. */
const PAGE = 500;
// The namespaces are this module's constants (lowercase words and dashes), so they can be SQL literals: DECLARE takes no parameters.
const NAMESPACES = `ARRAY[${EXPORTED_NAMESPACES.map((name) => `'${name.replace(/[^a-z-]/g, "")}'`).join(",")}]::text[]`;

/**
 * The PostgreSQL database at `url` as one REPEATABLE READ, READ ONLY transaction on a connection of its own: every
 * table is read as committed when the export began, while the servers keep serving. Reads the tables of the schema
 * (records, sorted_index, usage) through server-side cursors; rate_limits is left out.
 */
export function openPgSnapshot(url: string, now: () => number = Date.now): SnapshotSource {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on("error", () => {});
  let open = false;
  return {
    source: "postgres",
    consistency: "one REPEATABLE READ transaction: the database as committed when the export began",
    async *entries() {
      await client.connect();
      open = true;
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const at = now();
      const live = "(expires_at IS NULL OR expires_at > now())";
      for await (const row of rows(client, `SELECT namespace, key, value, (extract(epoch FROM expires_at) * 1000)::float8 AS expires_ms FROM records
          WHERE namespace = ANY(${NAMESPACES}) AND ${live} ORDER BY namespace, key`)) {
        const decoded = await decodeKeyvEntry(row.value as string);
        if (!decoded) continue;
        const expiresAt = decoded.expiresAt ?? (row.expires_ms === null ? undefined : Math.round(row.expires_ms as number));
        if (expiresAt !== undefined && expiresAt <= at) continue;
        yield { kind: "record", namespace: row.namespace as string, key: row.key as string, value: decoded.value, ...(expiresAt === undefined ? {} : { expiresAt }) };
      }
      for await (const row of rows(client, `SELECT namespace, set_name, member, value FROM sorted_index WHERE namespace = ANY(${NAMESPACES}) ORDER BY namespace, set_name, member`)) {
        yield { kind: "index", namespace: row.namespace as string, set: row.set_name as string, member: row.member as string, value: row.value as string };
      }
      yield* buckets(rows(client, `SELECT scope, granularity, at, field, count, expires_at FROM usage WHERE expires_at > ${Math.floor(at)} ORDER BY scope, granularity, at, field`));
      await client.query("COMMIT");
    },
    close: async () => {
      if (open) await client.end().catch(() => undefined);
    },
  };
}

/** The rows of `query`, a page at a time through one cursor of the open transaction. */
async function* rows(client: pg.Client, query: string): AsyncGenerator<Record<string, unknown>> {
  await client.query(`DECLARE snapshot_rows NO SCROLL CURSOR FOR ${query}`);
  for (;;) {
    const page = await client.query(`FETCH ${PAGE} FROM snapshot_rows`);
    for (const row of page.rows) yield row;
    if (page.rows.length < PAGE) break;
  }
  await client.query("CLOSE snapshot_rows");
}

/** Usage rows (one per counter, in bucket order) as one entry per bucket. */
async function* buckets(source: AsyncIterable<Record<string, unknown>>): AsyncGenerator<ExportEntry> {
  let bucket: { scope: string; granularity: Granularity; at: number; expiresAt: number; counts: Record<string, number> } | undefined;
  for await (const row of source) {
    const [scope, granularity, at] = [row.scope as string, row.granularity as Granularity, Number(row.at)];
    if (!GRANULARITIES.includes(granularity)) continue;
    if (!bucket || bucket.scope !== scope || bucket.granularity !== granularity || bucket.at !== at) {
      if (bucket) yield { kind: "usage", ...bucket } satisfies UsageEntry;
      bucket = { scope, granularity, at, expiresAt: Number(row.expires_at), counts: {} };
    }
    bucket.counts[row.field as string] = Number(row.count);
    bucket.expiresAt = Math.max(bucket.expiresAt, Number(row.expires_at));
  }
  if (bucket) yield { kind: "usage", ...bucket } satisfies UsageEntry;
}
