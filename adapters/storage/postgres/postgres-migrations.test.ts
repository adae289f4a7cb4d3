import { execFile } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { SystemClock } from "../../system.ts";
import { childEnv } from "../../testing/child-env.ts";
import { built } from "../../testing/process.ts";
import { openStorage } from "../open-storage.ts";
import { migrate } from "./migrate.ts";
import { MIGRATIONS, SCHEMA_VERSION } from "./migrations.ts";
import { createTestDatabase, findTestPostgres, postgresConfig, type TestDatabase } from "./testing/postgres.ts";

const available = await findTestPostgres();
const CLI = built("adapters/cli/tool-api");
const databases: TestDatabase[] = [];

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

afterEach(async () => {
  for (const database of databases.splice(0)) await database.drop();
});

/** `tool-api migrate` in its own process, as an operator runs it (through tsx), with `env` only. */
function runMigrate(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, "migrate"], { env: childEnv(env) }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }));
  });
}

describe("DATABASE_URL", () => {
  it("accepts postgres: and postgresql: URLs and refuses anything else without echoing it (it may hold a password)", () => {
    for (const url of ["postgres://u:p@db:5432/tools", "postgresql://db/tools"]) {
      const loaded = loadConfig({ DATABASE_URL: url });
      expect(loaded.ok && loaded.value.databaseUrl).toBe(url);
    }
    for (const url of ["mysql://u:secretpw@db/tools", "postgres://", "db:5432/secretpw"]) {
      const loaded = loadConfig({ DATABASE_URL: url });
      expect(loaded.ok).toBe(false);
      const problems = loaded.ok ? [] : loaded.error;
      expect(problems).toEqual([expect.stringContaining("DATABASE_URL is invalid")]);
      expect(problems.join()).not.toContain("secretpw");
    }
  });
});

describe.skipIf(!available)("PostgreSQL schema migrations", () => {
  it("migrates once when two runs race on a fresh database: the second waits for the lock and finds nothing to do", async () => {
    const database = await freshDatabase();
    // A slow first migration: without the lock both runs would read version 0 and the second CREATE TABLE would fail.
    const slow = [{ version: 1, name: "slow", sql: "SELECT pg_sleep(0.5); CREATE TABLE race_probe (id int)" }];
    const outcomes = await Promise.all([migrate(database.url, slow), migrate(database.url, slow)]);
    expect(outcomes.map((outcome) => outcome.applied).sort()).toEqual([[], [1]]);
    expect(outcomes.map((outcome) => outcome.to)).toEqual([1, 1]);
    expect((await database.sql("SELECT version FROM schema_version")).rows).toEqual([{ version: 1 }]);
  });

  it("opens five storages at once on a fresh database: every one starts, the schema applied once", async () => {
    const database = await freshDatabase();
    const config = postgresConfig(database.url);
    const storages = await Promise.all(Array.from({ length: 5 }, () => openStorage(config, new SystemClock())));
    try {
      expect(storages.map((storage) => storage.kind)).toEqual(Array(5).fill("postgres"));
      expect((await database.sql("SELECT version FROM schema_version")).rows).toEqual([{ version: SCHEMA_VERSION }]);
      expect((await migrate(database.url)).applied).toEqual([]);
    } finally {
      for (const storage of storages) await storage.close();
    }
  });

  it("refuses a schema newer than the code, naming both versions, and changes nothing", async () => {
    const database = await freshDatabase();
    await migrate(database.url);
    await database.sql("UPDATE schema_version SET version = $1", [SCHEMA_VERSION + 1]);
    const refusal = openStorage(postgresConfig(database.url), new SystemClock());
    await expect(refusal).rejects.toThrow(`schema version ${SCHEMA_VERSION + 1}, newer than version ${SCHEMA_VERSION}`);
    expect((await database.sql("SELECT version FROM schema_version")).rows).toEqual([{ version: SCHEMA_VERSION + 1 }]);
  });

  it("`tool-api migrate` applies the schema, says the version, finds nothing the second time and refuses a newer schema", async () => {
    const database = await freshDatabase();
    const env = { DATABASE_URL: database.url };
    const first = await runMigrate(env);
    expect(first, first.stderr).toMatchObject({ code: 0, stdout: `Schema at version ${SCHEMA_VERSION} (was 0; applied ${MIGRATIONS.map((m) => m.version).join(", ")})\n` });
    const second = await runMigrate(env);
    expect(second).toMatchObject({ code: 0, stdout: `Schema at version ${SCHEMA_VERSION}: nothing to migrate\n` });
    await database.sql("UPDATE schema_version SET version = $1", [SCHEMA_VERSION + 1]);
    const refused = await runMigrate(env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`schema version ${SCHEMA_VERSION + 1}, newer than version ${SCHEMA_VERSION}`);
  }, 60_000);

  it("`tool-api migrate` without DATABASE_URL says what it needs (exit 2)", async () => {
    const result = await runMigrate({});
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("needs DATABASE_URL");
  }, 30_000);
});
