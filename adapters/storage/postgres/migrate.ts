import pg from "pg";
import { StorageUnavailableError } from "../../../application/storage-unavailable.ts";
import { type Migration, MIGRATIONS } from "./migrations.ts";
import { describePostgres, PG_CONNECT_TIMEOUT_MS } from "./pg-database.ts";

/** What one run of the migrations found and did. */
export interface MigrationOutcome {
  /** The schema version found (0: a database never migrated). */
  readonly from: number;
  /** The schema version after the run. */
  readonly to: number;
  /** The versions this run applied; empty when another instance (or an earlier start) had applied them. */
  readonly applied: readonly number[];
}

/** The database holds a schema newer than this code: an older release must not write into it. */
export class SchemaTooNewError extends Error {
  override readonly name = "SchemaTooNewError";
}

/** A statement that creates the version table when missing: one row (the boolean key allows no second), column `version`. */
const VERSION_TABLE = `CREATE TABLE IF NOT EXISTS schema_version (
  one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row),
  version integer NOT NULL
)`;

/**
 * Brings the database at `url` to the newest schema, in one transaction under a transaction-scoped advisory lock:
 * instances starting together wait for the first, which migrates; the others then find nothing to do. Refuses
 * (SchemaTooNewError) a schema newer than `migrations`, naming both versions. Its own connection has no statement
 * deadline (a migration or the wait for another instance's may take longer than a request's).
 */
export async function migrate(url: string, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationOutcome> {
  const server = describePostgres(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS, application_name: "tool-execution-api migrate" });
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new StorageUnavailableError(`PostgreSQL at ${server} is unreachable: ${(error as Error).message}`, { cause: error });
  }
  try {
    await client.query("BEGIN");
    // Keyed by a name, so no other user of the database takes the same lock by chance.
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('tool-execution-api schema migrations', 0))");
    await client.query(VERSION_TABLE);
    const found = await client.query<{ version: number }>("SELECT version FROM schema_version");
    const from = found.rows[0]?.version ?? 0;
    const latest = migrations.at(-1)?.version ?? 0;
    if (from > latest) {
      throw new SchemaTooNewError(
        `the database at ${server} has schema version ${from}, newer than version ${latest} that this release knows: ` +
          "run the release that migrated it (or a newer one), or point DATABASE_URL at another database");
    }
    const pending = migrations.filter((migration) => migration.version > from);
    for (const migration of pending) await client.query(migration.sql);
    if (pending.length > 0) {
      await client.query("INSERT INTO schema_version (one_row, version) VALUES (true, $1) ON CONFLICT (one_row) DO UPDATE SET version = EXCLUDED.version", [latest]);
    }
    await client.query("COMMIT");
    return { from, to: Math.max(from, latest), applied: pending.map((migration) => migration.version) };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}
