import { afterAll, beforeAll, describe } from "vitest";
import { FixedClock, SystemClock } from "../../system.ts";
import { sleepAtLeast } from "../../testing/rate-window.ts";
import { describeAccountStores } from "../account-stores.contract.ts";
import { describeApiKeyStore } from "../api-key-store.contract.ts";
import { describeAuditLog } from "../audit-log.contract.ts";
import { KeyvAuditLog } from "../keyv-audit-log.ts";
import { openOutbox, openWebhookStore } from "../open-events-storage.ts";
import type { Storage } from "../open-storage.ts";
import { describeOutbox } from "../outbox.contract.ts";
import { describeRateLimitStore } from "../rate-limit-store.contract.ts";
import { describeUsageStore } from "../usage-store.contract.ts";
import { describeWebhookStore } from "../webhook-store.contract.ts";
import { describeWorkspacePackStore } from "../workspace-pack-store.contract.ts";
import { migrate } from "./migrate.ts";
import { PgDatabase } from "./pg-database.ts";
import { PgRateLimitStore } from "./pg-rate-limit-store.ts";
import { PgUsageStore } from "./pg-usage-store.ts";
import { openPostgresWith } from "./postgres-storage.ts";
import { createTestDatabase, emptyTables, findTestPostgres, postgresConfig, type TestDatabase } from "./testing/postgres.ts";
import { STORE_TEST_DEADLINE_MS } from "../testing/deadline.ts";

const available = await findTestPostgres();
const START = Date.UTC(2026, 0, 1, 12, 0, 0, 250);
let database: TestDatabase;
/** A statement of a 200-claimer race can take past the server's 1 s on a loaded machine (STORE_TEST_DEADLINE_MS). */
const CONTRACT_OPTIONS = { deadlineMs: STORE_TEST_DEADLINE_MS };

/** Two storages on the file's database, emptied first, as two instances hold it. */
async function openTwo(): Promise<{ one: Storage; two: Storage; close(): Promise<void> }> {
  await emptyTables(database);
  const config = postgresConfig(database.url);
  const [one, two] = [await openPostgresWith(config, new SystemClock(), CONTRACT_OPTIONS), await openPostgresWith(config, new SystemClock(), CONTRACT_OPTIONS)];
  return { one, two, close: async () => { await two.close(); await one.close(); } };
}

describe.skipIf(!available)("every storage contract on PostgreSQL (one database for this file)", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.url);
  });
  afterAll(async () => database?.drop());

  describeApiKeyStore("postgres (two pools, as two instances)", async () => {
    const { one, two, close } = await openTwo();
    return { store: one.keys, other: two.keys, close };
  });

  describeRateLimitStore("postgres (one statement a hit, the database's clock)", async () => {
    await emptyTables(database);
    const db = new PgDatabase(database.url, undefined, CONTRACT_OPTIONS.deadlineMs);
    return {
      store: new PgRateLimitStore(db),
      now: async () => Number((await database.sql("SELECT (extract(epoch from now()) * 1000)::bigint AS now")).rows[0].now),
      elapse: sleepAtLeast,
      close: () => db.close(),
      leavesRefusalsUncounted: true,
    };
  });

  describeAuditLog("postgres", async (options) => {
    const { one, close } = await openTwo();
    return { log: options?.retention === undefined ? one.audit : new KeyvAuditLog(one.keyv, { retention: options.retention }), close };
  });

  describeAccountStores("postgres", async () => {
    const { one, close } = await openTwo();
    return { storage: one, close };
  });

  describeWorkspacePackStore("postgres (two pools, as two instances)", async () => {
    const { one, two, close } = await openTwo();
    return { storage: one, other: two, close };
  });

  describeUsageStore("postgres, two pools (fake clock: expiry follows the clock that set it)", async () => {
    await emptyTables(database);
    const clock = new FixedClock(START);
    const [a, b] = [new PgDatabase(database.url, undefined, CONTRACT_OPTIONS.deadlineMs), new PgDatabase(database.url, undefined, CONTRACT_OPTIONS.deadlineMs)];
    return {
      store: new PgUsageStore(a, clock),
      other: new PgUsageStore(b, clock),
      now: () => clock.now(),
      elapse: async (ms) => clock.advance(ms),
      close: async () => { await a.close(); await b.close(); },
    };
  });

  describeOutbox("postgres (two pools)", async (options) => {
    const { one, two, close } = await openTwo();
    return { outbox: openOutbox(one, options), other: openOutbox(two, options), close };
  });

  describeWebhookStore("postgres (two pools)", async () => {
    const { one, two, close } = await openTwo();
    return { store: openWebhookStore(one), other: openWebhookStore(two), close };
  });
});
