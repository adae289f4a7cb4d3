import pg from "pg";
import type { StorageLogger } from "../storage.ts";
import { StorageUnavailableError } from "../../../application/storage-unavailable.ts";

/** How long one statement may take (client and server side) before the request fails closed, as REDIS_DEADLINE_MS. */
export const PG_DEADLINE_MS = 1000;
/** How long a start (server or CLI) waits for PostgreSQL before giving up with a clear message. */
export const PG_CONNECT_TIMEOUT_MS = 3000;
/** Connections per instance: enough for a burst of requests, far below PostgreSQL's max_connections (100). */
const POOL_SIZE = 10;

/** Where outages are reported: once when one starts, once when it ends. */

/** host:port/database of a DATABASE_URL, without credentials, for messages and logs. */
export function describePostgres(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}${parsed.pathname}`;
}

/**
 * SQLSTATE classes that mean "the database cannot serve now" rather than "this statement is wrong": connection
 * exceptions (08), resources (53), operator intervention (57: shutdown, cancel, statement_timeout), a database
 * that is gone (3D000) or refuses us (28). An error the server did not send (a refused, reset or timed-out socket,
 * a pool that waited too long) is always one. Any other server error (a constraint, a syntax error) is a bug and is
 * thrown as it is.
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  const code = error.code ?? "";
  return /^(08|53|57|28)/.test(code) || code === "3D000";
}

/**
 * The pool every PostgreSQL adapter of one process shares. Each statement is bounded by PG_DEADLINE_MS on both ends
 * (statement_timeout frees the server, query_timeout frees the caller when the server stalls); a failure of the
 * database becomes a StorageUnavailableError (503), logged once when the outage starts and once when it ends.
 */
export class PgDatabase {
  readonly server: string;
  private readonly pool: pg.Pool;
  private down = false;
  /** Counts the outages ended: a statement sent during one and failing after it ended reports nothing new. */
  private recoveries = 0;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(url: string, private readonly logger?: StorageLogger, deadlineMs = PG_DEADLINE_MS) {
    this.server = describePostgres(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: POOL_SIZE,
      connectionTimeoutMillis: deadlineMs,
      query_timeout: deadlineMs,
      statement_timeout: deadlineMs,
      idleTimeoutMillis: 30_000,
      application_name: "tool-execution-api",
      keepAlive: true,
    });
    // An idle connection the server drops (restart, pg_terminate_backend) is reported here; unheard, it would crash the process.
    this.pool.on("error", (error) => this.lost(error));
  }

  /** Runs one statement; throws StorageUnavailableError when the database cannot answer within the deadline. */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(what: string, text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    if (this.closed) throw new StorageUnavailableError("the PostgreSQL pool is closed");
    const sentDuring = this.recoveries;
    try {
      const result = await this.pool.query<R>(text, values);
      if (this.down) this.restored();
      return result;
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      if (sentDuring === this.recoveries) this.lost(error);
      throw new StorageUnavailableError(`PostgreSQL at ${this.server} failed during ${what}`, { cause: error });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.probe);
    await this.pool.end().catch(() => undefined);
  }

  private lost(error: unknown): void {
    if (this.closed || this.down) return;
    this.down = true;
    this.logger?.warn({ err: error, postgres: this.server }, "PostgreSQL connection lost: requests answer 503 service_unavailable until it returns");
    this.scheduleProbe();
  }

  private restored(): void {
    this.down = false;
    this.recoveries += 1;
    clearTimeout(this.probe);
    this.logger?.info({ postgres: this.server }, "PostgreSQL connection restored");
  }

  /** With no requests coming in, the end of an outage would go unlogged: a probe notices it. */
  private scheduleProbe(): void {
    clearTimeout(this.probe);
    this.probe = setTimeout(() => {
      if (this.closed || !this.down) return;
      this.query("a probe", "SELECT 1").catch(() => this.scheduleProbe());
    }, 500);
    this.probe.unref();
  }
}
