import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import { createLogger } from "../logger.ts";
import { openEmbeddedStorage, openMemoryStorage, type Storage } from "./open-storage.ts";
import { openPostgresWith } from "./postgres/postgres-storage.ts";
import { createTestDatabase, emptyTables, findTestPostgres, postgresConfig } from "./postgres/testing/postgres.ts";
import { judgeStore, newStoreIdentity, STORE_NAMESPACE, type StoreIdentity, type StoreIdentityRecord } from "./store-identity.ts";
import { StoreIdentityGuard } from "./store-identity-guard.ts";
import { SeenStoreMemory } from "./store-identity-memory.ts";
import { gatedStorage, markingStorage, storeIdentityRecordOf } from "./store-identity-storage.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";
import { STORE_TEST_DEADLINE_MS } from "./testing/deadline.ts";

const redisUrl = await findTestRedis();
const silent = createLogger("silent");
// A check every hour: each test calls check() itself, so no timer races it.
const NO_TIMER_MS = 3_600_000;

describe("judgeStore", () => {
  const seen = { id: "store_a", marker: 5 };
  it.each([
    ["no record", undefined, { serve: false, reason: "missing" }],
    ["a record holding only refusals", { marker: 0, refusals: ["r"] }, { serve: false, reason: "missing" }],
    ["another identity", { id: "store_b", marker: 9 }, { serve: false, reason: "replaced" }],
    ["a lower marker", { id: "store_a", marker: 4 }, { serve: false, reason: "older" }],
    ["the same marker", { id: "store_a", marker: 5 }, { serve: true }],
    ["a higher marker (another instance's changes)", { id: "store_a", marker: 7 }, { serve: true }],
    ["an identity an operator made to replace this one", { id: "store_c", marker: 0, replaces: "store_a" }, { serve: true }],
  ] as const)("judges %s", (_, found, verdict) => {
    expect(judgeStore(found as StoreIdentity | undefined, seen)).toEqual(verdict);
  });
});

const backends: [string, () => Promise<{ storage: Storage; dispose(): Promise<void> }>][] = [
  ["memory", async () => ({ storage: openMemoryStorage(), dispose: async () => undefined })],
  ["embedded (LMDB)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "store-identity-"));
    return { storage: openEmbeddedStorage(dir), dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }],
];
if (redisUrl) {
  backends.push(["Redis", async () => {
    const prefix = uniquePrefix("identity");
    const storage = await openTestRedis(redisConfig(redisUrl, prefix), { now: () => Date.now() });
    return { storage, dispose: () => deleteKeysUnder(redisUrl, prefix).then(() => undefined) };
  }]);
}

// PostgreSQL: one database for the file, its tables emptied before each test.
if (await findTestPostgres()) {
  const database = await createTestDatabase();
  afterAll(() => database.drop());
  backends.push(["PostgreSQL", async () => {
    const storage = await openPostgresWith(postgresConfig(database.url), { now: () => Date.now() }, { deadlineMs: STORE_TEST_DEADLINE_MS });
    await emptyTables(database);
    return { storage, dispose: async () => undefined };
  }]);
}

describe.each(backends)("the store identity guard on %s", (_, open) => {
  let raw: Storage;
  let dispose: () => Promise<void>;
  let record: StoreIdentityRecord;
  const guards: StoreIdentityGuard[] = [];

  beforeEach(async () => {
    ({ storage: raw, dispose } = await open());
    record = storeIdentityRecordOf(raw);
  });
  afterEach(async () => {
    for (const guard of guards.splice(0)) guard.close();
    await raw.close();
    await dispose();
  });

  const openGuard = async (memory?: SeenStoreMemory) => {
    const guard = new StoreIdentityGuard({ record, memory, logger: silent });
    guards.push(guard);
    await guard.open(NO_TIMER_MS);
    return { guard, storage: gatedStorage(raw, guard) };
  };
  const sessions = (storage: Storage) => storage.keyv<{ id: string }>("sessions");

  it("serves a store at its first start, creating its identity at marker 0", async () => {
    const { guard } = await openGuard();
    expect(guard.isServing()).toBe(true);
    expect(await record.read()).toMatchObject({ id: expect.stringMatching(/^store_/), marker: 0 });
  });

  it("adopts the identity another instance created, rather than making a second one", async () => {
    const first = await record.claim(newStoreIdentity(Date.now()));
    const { guard } = await openGuard();
    expect(guard.isServing()).toBe(true);
    expect((await record.read())?.id).toBe(first.id);
  });

  it("raises the marker before a change to a marked namespace resolves, and not for other namespaces", async () => {
    const { storage } = await openGuard();
    await sessions(storage).set("s1", { id: "s1" });
    expect((await record.read())?.marker).toBe(1);
    await sessions(storage).delete("s1");
    expect((await record.read())?.marker).toBe(2);
    await storage.keyv<number>("apikey-last-used").set("k", 1);
    expect((await record.read())?.marker).toBe(2);
  });

  it("has every concurrent change's marker stored by the time that change resolves", async () => {
    const { storage } = await openGuard();
    const before = (await record.read())?.marker ?? 0;
    const markers = await Promise.all(Array.from({ length: 20 }, async (_, i) => {
      await sessions(storage).set(`s${i}`, { id: `s${i}` });
      return (await record.read())?.marker ?? 0;
    }));
    expect(Math.min(...markers)).toBeGreaterThan(before);
  });

  /** A guard whose next check's read answers only once `release()` is called (it reads the store when it leaves). */
  const heldGuard = async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = Object.create(record) as StoreIdentityRecord;
    let holding = false;
    slow.read = async () => {
      const found = await record.read();
      if (holding) await held;
      holding = false;
      return found;
    };
    const guard = new StoreIdentityGuard({ record: slow, logger: silent });
    guards.push(guard);
    await guard.open(NO_TIMER_MS);
    const holdCheck = () => {
      holding = true;
      return guard.check();
    };
    return { guard, holdCheck, release };
  };

  it("takes no alarm from a check whose read left before a raise it saw committed first", async () => {
    const { guard, holdCheck, release } = await heldGuard();
    const checked = holdCheck();
    await gatedStorage(raw, guard).keyv("sessions").set("s1", { id: "s1" });
    release();
    await checked;
    expect(guard.isServing()).toBe(true);
  });

  it("takes no alarm from a check whose read left before an operator accepted the store, nor flags the accepted one", async () => {
    const { guard, holdCheck, release } = await heldGuard();
    await record.change((current) => current && { ...current, refusals: ["refusal_other"] });
    const checked = holdCheck(); // its read leaves now and sees the refusal; then the operator accepts
    await record.change((current) => newStoreIdentity(Date.now(), { previous: current }));
    release();
    await checked;
    expect(guard.isServing()).toBe(true);
    expect((await record.read())?.refusals).toBeUndefined();
  });

  it("refuses every call once the store lost its record, and leaves its refusal in the store", async () => {
    const { guard, storage } = await openGuard();
    await raw.atomic(STORE_NAMESPACE).keyv.delete("identity");
    await guard.check();
    expect(guard.isServing()).toBe(false);
    await expect(sessions(storage).get("s1")).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.keys.ping()).rejects.toBeInstanceOf(StorageUnavailableError);
    expect((await record.read())?.refusals).toHaveLength(1);
  });

  it("runs each method on the store itself (getters and private fields work), calls a method replaced later, and gates it too", async () => {
    class Counting {
      #calls = 0;
      get calls(): number {
        return this.#calls;
      }
      async hit(): Promise<number> {
        this.#calls += 1;
        return this.#calls;
      }
    }
    const counting = new Counting();
    const { guard } = await openGuard();
    const limits = gatedStorage(Object.assign(Object.create(raw) as Storage, { limits: counting as unknown as Storage["limits"] }), guard).limits as unknown as Counting;
    expect([await limits.hit(), await limits.hit(), limits.calls]).toEqual([1, 2, 2]);
    counting.hit = async () => 42;
    expect(await limits.hit()).toBe(42);
    await raw.atomic(STORE_NAMESPACE).keyv.delete("identity");
    await guard.check();
    await expect(limits.hit()).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it("refuses a store whose marker went back, then serves again once an operator accepted it", async () => {
    const { guard, storage } = await openGuard();
    const snapshot = await record.read();
    await sessions(storage).delete("signed-out");
    await record.change(() => snapshot);
    await guard.check();
    expect(guard.isServing()).toBe(false);
    // A change that was in flight when the refusal came raises nothing, and must not stop later raises.
    await guard.raise();
    const accepted = await record.change((current) => newStoreIdentity(Date.now(), { previous: current }));
    await guard.check();
    expect(guard.isServing()).toBe(true);
    await expect(sessions(storage).get("s1")).resolves.toBeUndefined();
    await sessions(storage).set("s2", { id: "s2" });
    expect((await record.read())?.marker).toBe((accepted?.marker ?? 0) + 1);
  });

  it("refuses at start a store another server found to have lost data", async () => {
    const first = await openGuard();
    await record.change((current) => current && { ...current, marker: current.marker - 1 });
    await first.guard.check();
    const second = await openGuard();
    expect([first.guard.isServing(), second.guard.isServing()]).toEqual([false, false]);
  });

  it("has a command's changes (markingStorage) raise the marker without ever refusing", async () => {
    const { guard } = await openGuard();
    const command = markingStorage(raw);
    await record.change((current) => current && { ...current, refusals: ["refusal_other"] });
    await sessions(command).set("s1", { id: "s1" });
    expect((await record.read())?.marker).toBe(0);
    await record.change((current) => current && { ...current, refusals: [] });
    await sessions(command).delete("s1");
    expect((await record.read())?.marker).toBe(1);
    guard.close();
  });

  it("refuses, after a restart, a store emptied meanwhile when DATA_DIR remembers it; without that memory it cannot tell", async () => {
    const dir = mkdtempSync(join(tmpdir(), "store-seen-"));
    try {
      const memory = new SeenStoreMemory(dir, "test-location");
      const before = await openGuard(memory);
      expect(memory.read()?.id).toBe((await record.read())?.id);
      before.guard.close();
      await raw.atomic(STORE_NAMESPACE).keyv.delete("identity");
      expect((await openGuard(new SeenStoreMemory(dir, "test-location"))).guard.isServing()).toBe(false);
      await raw.atomic(STORE_NAMESPACE).keyv.delete("identity");
      expect((await openGuard(new SeenStoreMemory(dir, "another-location"))).guard.isServing()).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
