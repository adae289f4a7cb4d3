import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { QueryResult, QueryResultRow } from "pg";
import { revoke } from "../../../domain/api-key.ts";
import { SystemClock } from "../../system.ts";
import { makeKey } from "../api-key-store.contract.ts";
import type { Storage } from "../storage.ts";
import { PgBatchedKeyReads } from "./pg-batched-key-reads.ts";
import { PgDatabase } from "./pg-database.ts";
import { openPostgresWith } from "./postgres-storage.ts";
import { createTestDatabase, emptyTables, findTestPostgres, postgresConfig, type TestDatabase } from "./testing/postgres.ts";

const available = await findTestPostgres();

/**
 * The real pool, counting the statements it is given. `holdNextAnswer` keeps the next statement's answer from its
 * caller until released, and says when that answer has come back from the database (its snapshot taken).
 */
class CountingDatabase extends PgDatabase {
  statements = 0;
  private held: { release: Promise<void>; answered(): void } | undefined;

  holdNextAnswer(): { answered: Promise<void>; release(): void } {
    let release = () => {};
    let answered = () => {};
    const answeredNow = new Promise<void>((resolve) => (answered = resolve));
    this.held = { release: new Promise((resolve) => (release = resolve)), answered };
    return { answered: answeredNow, release };
  }

  override async query<R extends QueryResultRow = QueryResultRow>(what: string, text: string, values?: unknown[]): Promise<QueryResult<R>> {
    this.statements += 1;
    const held = this.held;
    this.held = undefined;
    const result = await super.query<R>(what, text, values);
    held?.answered();
    await held?.release;
    return result;
  }
}

const idOf = (raw: string | undefined) => (raw === undefined ? undefined : (JSON.parse(raw) as { value: { id: string } }).value.id);
const statusOf = (raw: string | undefined) => (raw === undefined ? undefined : (JSON.parse(raw) as { value: { status: string } }).value.status);

describe.skipIf(!available)("PostgreSQL's key reads, one statement a turn", () => {
  let database: TestDatabase;
  let storage: Storage;
  let db: CountingDatabase;
  let reads: PgBatchedKeyReads;

  beforeAll(async () => {
    database = await createTestDatabase();
    storage = await openPostgresWith(postgresConfig(database.url), new SystemClock(), { deadlineMs: 10_000 });
    db = new CountingDatabase(database.url);
    reads = new PgBatchedKeyReads(db, "apikeys");
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await storage?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    await emptyTables(database);
    db.statements = 0;
  });

  it("reads every key of a turn in one statement, each read answered with its own key's record, nothing for an unknown id", async () => {
    const keys = Array.from({ length: 8 }, () => makeKey());
    for (const key of keys) await storage.keys.save(key);
    const found = await Promise.all([...keys, ...keys, ...keys].map((key) => reads.read(key.id)).concat(reads.read("key_never_issued")));
    expect(db.statements).toBe(1);
    expect(found.map((read) => idOf(read?.raw))).toEqual([...keys, ...keys, ...keys].map((key) => key.id).concat(undefined as unknown as string));
    expect(found.every((read) => read?.hit === undefined)).toBe(true);
  });

  it("gives a read made while a turn's statement is out a statement of its own, which sees what committed since", async () => {
    for (let trial = 0; trial < 10; trial++) {
      const key = makeKey();
      await storage.keys.save(key);
      const hold = db.holdNextAnswer();
      const before = reads.read(key.id);
      await hold.answered; // the turn's statement has read the record; its answer waits
      await storage.keys.update(key.id, (stored) => revoke(stored, Date.now()));
      const after = reads.read(key.id);
      hold.release();
      expect(statusOf((await after)?.raw), `trial ${trial + 1}`).toBe("revoked");
      expect(statusOf((await before)?.raw)).toBe("active");
    }
  });

  it("is what the store's execute lookups use: a revocation by another instance is refused on the next read", async () => {
    const other = await openPostgresWith(postgresConfig(database.url), new SystemClock(), { deadlineMs: 10_000 });
    try {
      const key = makeKey();
      await storage.keys.save(key);
      expect((await other.keys.findByHashCounting?.(key.secretHash))?.key.status).toBe("active");
      await storage.keys.update(key.id, (stored) => revoke(stored, Date.now()));
      expect(await other.keys.findByHashCounting?.(key.secretHash)).toEqual({ key: expect.objectContaining({ id: key.id, status: "revoked" }) });
    } finally {
      await other.close();
    }
  });

  it("fails every read of a turn with StorageUnavailableError when the database cannot answer, never hangs one", async () => {
    const closed = new CountingDatabase(database.url);
    await closed.close();
    const turn = new PgBatchedKeyReads(closed, "apikeys");
    const failures = await Promise.all(["a", "b", "a"].map((id) => turn.read(id).then(() => undefined, (error: unknown) => error)));
    expect(failures.map((error) => (error as Error | undefined)?.name)).toEqual(Array(3).fill("StorageUnavailableError"));
  });
});
