import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedClock } from "../../system.ts";
import { sleepAtLeast } from "../../testing/rate-window.ts";
import { migrate } from "./migrate.ts";
import { PgDatabase } from "./pg-database.ts";
import { createPgKeyv } from "./pg-keyv-store.ts";
import { PgRateLimitStore } from "./pg-rate-limit-store.ts";
import { sweepExpired } from "./pg-sweep.ts";
import { PgUsageStore } from "./pg-usage-store.ts";
import { createTestDatabase, findTestPostgres, type TestDatabase } from "./testing/postgres.ts";

const available = await findTestPostgres();

describe.skipIf(!available)("the PostgreSQL retention sweep", () => {
  let database: TestDatabase;
  let db: PgDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
    db = new PgDatabase(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  const count = async (table: string) => Number((await database.sql(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);

  it("deletes expired records, ended counters and expired usage buckets, and keeps every live row", async () => {
    const clock = new FixedClock(Date.UTC(2026, 0, 1));
    const sessions = createPgKeyv<string>(db, "sessions");
    await sessions.set("short", "a", 50);
    await sessions.set("long", "b", 3_600_000);
    await sessions.set("forever", "c");
    const limits = new PgRateLimitStore(db);
    await limits.hit("ends-soon", 1000);
    await limits.hit("ends-later", 86_400_000);
    const usage = new PgUsageStore(db, clock);
    await usage.add([
      { scope: "w:a", granularity: "minute", at: 0, expiresAt: clock.now() + 1000, fields: new Map([["f", 1]]) },
      { scope: "w:a", granularity: "day", at: 0, expiresAt: clock.now() + 86_400_000, fields: new Map([["f", 2]]) },
    ]);
    // The rows are there before the sweep: reads skip expired ones, only the sweep removes them.
    await sleepAtLeast(1100);
    expect([await count("records"), await count("rate_limits"), await count("usage")]).toEqual([3, 2, 2]);
    clock.advance(1000);
    // The daily counter's window ends at midnight UTC (the database's clock): it stays unless this is a day's last second.
    const removed = await sweepExpired(db, clock.now());
    expect([await count("records"), await count("rate_limits"), await count("usage")]).toEqual([2, 1, 1]);
    expect(removed).toBe(3);
    expect(await sessions.get("long")).toBe("b");
    expect(await sessions.get("forever")).toBe("c");
    expect((await usage.read("w:a", "day", [0])).map((bucket) => Object.fromEntries(bucket))).toEqual([{ f: 2 }]);
  });
});
