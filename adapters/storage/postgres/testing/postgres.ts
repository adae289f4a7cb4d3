import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Config, loadConfig } from "../../../config.ts";

/** The PostgreSQL the tests run against: TEST_DATABASE_URL, else the machine's 127.0.0.1:5432 (trust auth, user postgres). */
const ADMIN_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** A database of one test file alone, created empty and dropped after. */
export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  /** Runs statements on it (a connection of its own, closed after). */
  sql(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on("error", () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Whether PostgreSQL answers. With none, a CI run (CI=true) fails loudly and a local run skips loudly, as the Redis
 * suites do.
 */
export async function findTestPostgres(): Promise<boolean> {
  try {
    await withClient(ADMIN_URL, (client) => client.query("SELECT 1"));
    return true;
  } catch (error) {
    const message = `no PostgreSQL answers at ${new URL(ADMIN_URL).host} (${(error as Error).message}; set TEST_DATABASE_URL or start it)`;
    if (process.env.CI === "true") throw new Error(`PostgreSQL tests cannot run: ${message}`);
    console.warn(`\n*** SKIPPING PostgreSQL tests: ${message} ***\n`);
    return false;
  }
}

/** CREATE DATABASE t_<random>: never another test's, never one the machine keeps. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  await withClient(ADMIN_URL, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    sql: (text, values) => withClient(url.toString(), (client) => client.query(text, values)),
    drop: async () => {
      await withClient(ADMIN_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Empties every table of the schema, so each suite's test starts as on a fresh store (the schema stays). */
export async function emptyTables(database: TestDatabase): Promise<void> {
  await database.sql("TRUNCATE records, sorted_sets, sorted_index, rate_limits, usage");
}

/** The server's configuration for one database, as the environment would give it. */
export function postgresConfig(url: string, env: Record<string, string> = {}): Config {
  const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", DATABASE_URL: url, ...env });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  return loaded.value;
}
