import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StorageUnavailableError } from "../../../application/storage-unavailable.ts";
import { PG_DEADLINE_MS, PgDatabase } from "./pg-database.ts";
import { createTestDatabase, findTestPostgres, type TestDatabase } from "./testing/postgres.ts";

const available = await findTestPostgres();

describe.skipIf(!available)("the PostgreSQL pool's failures", () => {
  let database: TestDatabase;
  let db: PgDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = new PgDatabase(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it("fails a statement that runs past the deadline as StorageUnavailableError (503), within about the deadline", async () => {
    const started = performance.now();
    const failure = await db.query("a slow statement", "SELECT pg_sleep(5)").then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageUnavailableError);
    expect(performance.now() - started).toBeLessThan(PG_DEADLINE_MS + 3000);
    // The pool is still usable after it.
    expect((await db.query("a probe", "SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  });

  it("throws a statement's own error (a bug, answered 500) as it is, not as an outage", async () => {
    const failure = await db.query("a broken statement", "SELECT * FROM no_such_table").then(() => undefined, (error: unknown) => error);
    expect(failure).not.toBeInstanceOf(StorageUnavailableError);
    expect((failure as { code?: string }).code).toBe("42P01");
  });

  it("fails every call once closed, as an outage", async () => {
    const other = new PgDatabase(database.url);
    await other.close();
    await expect(other.query("a late call", "SELECT 1")).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
