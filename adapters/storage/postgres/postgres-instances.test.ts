import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKENS } from "../../container.ts";
import { createLogger } from "../../logger.ts";
import { ScryptPasswordHasher } from "../../security/scrypt-password-hasher.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { TEST_SCRYPT_COST } from "../../testing/harness.ts";
import { runKeysCli } from "../../testing/process.ts";
import { COUNTED_WINDOW_SECONDS, NO_BOUNDARY_MS } from "../../testing/rate-window.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { createKeyOn, execute, executeConcurrently, expectLimitHeld } from "../testing/instances.ts";
import { openStorage } from "../open-storage.ts";
import type { Clock } from "../../../application/ports.ts";
import type { Config } from "../../config.ts";
import { openPostgresWith } from "./postgres-storage.ts";
import { deleteKeysUnder, findTestRedis, uniquePrefix } from "../testing/redis.ts";
import { SystemClock } from "../../system.ts";
import { createTestDatabase, findTestPostgres, postgresConfig, type TestDatabase } from "./testing/postgres.ts";
import { STORE_TEST_DEADLINE_MS } from "../testing/deadline.ts";

const available = await findTestPostgres();
const redisUrl = available ? await findTestRedis() : undefined;

describe.skipIf(!available)("two server instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Each sign-up comes from its own address behind a trusted proxy: the per-address sign-up limit is not tested here.
    const config = postgresConfig(database.url, { TRUST_PROXY: "loopback" });
    const options = {
      logger: createLogger("silent"), tools: [hashText], passwordHasher: new ScryptPasswordHasher(TEST_SCRYPT_COST),
      // 20 sign-ups at once on each instance queue for the pool's connections: on a loaded CI machine that wait alone
      // passed the 1 s production deadline (a 503 among the 409s).
      openStorage: (config: Config, clock: Clock) => openPostgresWith(config, clock, { deadlineMs: STORE_TEST_DEADLINE_MS }),
    };
    // Started together: both migrate the fresh database at once, under the advisory lock.
    [a, b] = await Promise.all([startServer(config, options), startServer(config, options)]);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it("lets exactly 100 of 1,000 concurrent requests through for a key limited to 100, split across both (5 rounds)", async () => {
    const day = async () => Number((await database.sql("SELECT floor(extract(epoch from now()) / 86400) AS day")).rows[0].day);
    let rounds = 0;
    while (rounds < 5) {
      const key = await createKeyOn(a, 100, COUNTED_WINDOW_SECONDS);
      const before = await day();
      const calls = await executeConcurrently([a.url, b.url], key.secret, 1000);
      // A round that straddles the daily window boundary counts in two windows: run it again.
      if ((await day()) !== before) continue;
      rounds += 1;
      expectLimitHeld(calls, 100, `round ${rounds}`);
    }
  }, 120_000);

  it("refuses a key revoked through one instance on the other's very next request", async () => {
    const key = await createKeyOn(a, 1000, 3600);
    expect((await execute(b.url, key.secret)).status).toBe(200);
    const revoked = await a.container.get(TOKENS.revokeKey).execute({ id: key.id });
    expect(revoked.ok).toBe(true);
    expect((await execute(b.url, key.secret)).status).toBe(401);
  });

  it("refuses a key on both instances from the first request after the keys CLI's revoke exits", async () => {
    const key = await createKeyOn(a, 1000, 3600);
    expect((await execute(a.url, key.secret)).status).toBe(200);
    const revoked = await runKeysCli(["revoke", key.id], { DATABASE_URL: database.url, APP_ENV: "development" });
    expect(revoked.code, revoked.stderr).toBe(0);
    const [fromA, fromB] = await Promise.all([execute(a.url, key.secret), execute(b.url, key.secret)]);
    expect([fromA.status, fromB.status]).toEqual([401, 401]);
  }, 60_000);

  it("creates exactly one account of 20 concurrent sign-ups of one email over both instances (10 runs)", async () => {
    let address = 0;
    for (let run = 0; run < 10; run++) {
      const email = `race${run}-${Math.random().toString(36).slice(2)}@example.com`;
      const statuses = await Promise.all(Array.from({ length: 20 }, async (_, n) => {
        address += 1;
        const response = await fetch(`${[a, b][n % 2].url}/api/v1/auth/sign-up`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `198.18.${address >> 8}.${address & 255}` },
          body: JSON.stringify({ email, password: "correct horse battery staple" }),
        });
        await response.arrayBuffer();
        return response.status;
      }));
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status !== 201 && status !== 409), `run ${run}`).toEqual([]);
    }
    const accounts = await database.sql("SELECT count(*)::int AS n FROM records WHERE namespace = 'account-emails'");
    expect(accounts.rows[0].n).toBe(10);
  }, 120_000);
});

describe.skipIf(!redisUrl)("PostgreSQL for records with REDIS_URL set too", () => {
  it("keeps the rate-limit counters in Redis and every record in PostgreSQL", async () => {
    const database = await createTestDatabase();
    const prefix = uniquePrefix("pg-counters");
    const storage = await openStorage(postgresConfig(database.url, { REDIS_URL: redisUrl as string, REDIS_PREFIX: prefix }), new SystemClock());
    try {
      expect(storage.kind).toBe("postgres");
      await storage.keyv<string>("sessions").set("s1", "x");
      // A minute's window, aligned to Redis's clock, may end between the two hits (the second then counts 1).
      expect((await storage.limits.hit("key_1", NO_BOUNDARY_MS)).count).toBe(1);
      expect((await storage.limits.hit("key_1", NO_BOUNDARY_MS)).count).toBe(2);
      expect((await database.sql("SELECT count(*)::int AS n FROM rate_limits")).rows[0].n).toBe(0);
      expect((await database.sql("SELECT key FROM records WHERE namespace = 'sessions'")).rows).toEqual([{ key: "s1" }]);
      expect(await deleteKeysUnder(redisUrl as string, prefix)).toBe(1);
    } finally {
      await storage.close();
      await database.drop();
    }
  });
});
