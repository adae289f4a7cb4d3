import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StorageUnavailableError } from "../../../application/storage-unavailable.ts";
import { FixedClock } from "../../system.ts";
import { describeRateLimitStore } from "../rate-limit-store.contract.ts";
import { openEmbeddedStorage } from "./embedded-storage.ts";
import type { SharedEnvironment } from "./lmdb-environments.ts";
import { openLmdb } from "./lmdb-keyv-store.ts";
import { LmdbRateLimitStore, openLimitsEnvironment } from "./lmdb-rate-limit-store.ts";

const HOUR = 3_600_000;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "lmdb-limits-"));
  dirs.push(dir);
  return dir;
}

/** A store on the counters' environment under `dir`; closing it closes both. */
function openStore(dir: string, clock: FixedClock): { store: LmdbRateLimitStore; env: SharedEnvironment; close(): Promise<void> } {
  const env = openLimitsEnvironment(dir);
  const store = new LmdbRateLimitStore(env.db, clock);
  return { store, env, close: async () => (await store.close(), await env.release()) };
}

const noon = () => new FixedClock(Date.UTC(2026, 0, 1, 12, 0, 0, 250));

describeRateLimitStore("embedded, counters in limits.mdb (fake clock)", async () => {
  const clock = noon();
  const dir = mkdtempSync(join(tmpdir(), "lmdb-limits-"));
  const opened = openStore(dir, clock);
  return {
    store: opened.store,
    now: async () => clock.now(),
    elapse: async (ms) => clock.advance(ms),
    close: async () => {
      await opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
    leavesRefusalsUncounted: true,
  };
});

describe("LmdbRateLimitStore", () => {
  it("counts on after the store is closed and opened again", async () => {
    const dir = scratch();
    const clock = noon();
    const first = openStore(dir, clock);
    for (let i = 0; i < 7; i++) await first.store.hit("key-a", HOUR);
    await first.close();
    const second = openStore(dir, clock);
    expect((await second.store.hit("key-a", HOUR)).count).toBe(8);
    await second.close();
  });

  it("answers hits past their limit from a read: no write transaction, the count stays at limit + 1", async () => {
    const clock = noon();
    const opened = openStore(scratch(), clock);
    const lastTransaction = () => (opened.env.db.getStats() as { lastTxnId: number }).lastTxnId;
    for (let i = 0; i < 3; i++) await opened.store.hit("a", HOUR, 2);
    const before = lastTransaction();
    const refused = await Promise.all(Array.from({ length: 50 }, () => opened.store.hit("a", HOUR, 2)));
    expect(refused.map((hit) => hit.count)).toEqual(Array(50).fill(4));
    expect(refused.every((hit) => hit.windowId === undefined)).toBe(true); // nothing counted, nothing to release
    expect(lastTransaction()).toBe(before);
    expect((await opened.store.peek("a", HOUR)).count).toBe(3);
    // A new window counts again; a hit without a limit still counts past one.
    expect((await opened.store.hit("a", HOUR)).count).toBe(4);
    clock.advance(HOUR);
    expect((await opened.store.hit("a", HOUR, 2)).count).toBe(1);
    await opened.close();
  });

  it("refuses on a count another process took past the limit, and counts what it did not", async () => {
    const clock = noon();
    const dir = scratch();
    const one = openStore(dir, clock);
    const other = openStore(dir, clock);
    expect((await one.store.hit("shared", HOUR, 1)).count).toBe(1);
    expect((await one.store.peek("shared", HOUR)).count).toBe(1); // holds a read snapshot of count 1
    expect((await other.store.hit("shared", HOUR, 1)).count).toBe(2);
    expect((await one.store.hit("shared", HOUR, 1)).count).toBe(3);
    await Promise.all([one.close(), other.close()]);
  });

  it("runs the calls of one turn as one write transaction, each hit with its own count in order", async () => {
    const clock = noon();
    const opened = openStore(scratch(), clock);
    const { db } = opened.env;
    let transactions = 0;
    const transactionSync = db.transactionSync.bind(db);
    db.transactionSync = ((callback: () => unknown) => ((transactions += 1), transactionSync(callback))) as typeof db.transactionSync;
    const first = await opened.store.hit("a", HOUR);
    transactions = 0;
    const turn = await Promise.all([
      ...Array.from({ length: 20 }, () => opened.store.hit("a", HOUR)),
      opened.store.release("a", HOUR, first.windowId as number),
      opened.store.hit("a", HOUR),
      opened.store.hit("b", HOUR),
    ]);
    expect(transactions).toBe(1);
    expect(turn.slice(0, 20).map((hit) => hit?.count)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(turn[21]?.count).toBe(21);
    expect(turn[22]?.count).toBe(1);
    await opened.close();
  });

  it("removes the counters of ended windows in its sweep and keeps the running ones", async () => {
    const clock = noon();
    const opened = openStore(scratch(), clock);
    await Promise.all([opened.store.hit("minute", 60_000), opened.store.hit("hour", HOUR)]);
    expect(await opened.store.sweep()).toBe(0);
    clock.advance(60_000);
    expect(await opened.store.sweep()).toBe(1);
    expect([...opened.env.db.getKeys()]).toEqual(["hour"]);
    expect((await opened.store.peek("hour", HOUR)).count).toBe(1);
    await opened.close();
  });

  it("counts a bucket name too long to be an LMDB key", async () => {
    const opened = openStore(scratch(), noon());
    const long = "x".repeat(5_000);
    await opened.store.hit(long, HOUR);
    expect((await opened.store.hit(long, HOUR)).count).toBe(2);
    expect((await opened.store.hit("x".repeat(4_999), HOUR)).count).toBe(1);
    await opened.close();
  });

  it("fails closed with StorageUnavailableError when LMDB fails under it", async () => {
    const opened = openStore(scratch(), noon());
    await opened.store.hit("a", HOUR);
    // The environment closed under the store: every LMDB call now throws.
    await opened.env.release();
    await expect(opened.store.hit("a", HOUR)).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(opened.store.peek("a", HOUR)).rejects.toBeInstanceOf(StorageUnavailableError);
    await opened.store.close();
  });
});

describe("the embedded storage's counters", () => {
  it("removes the windows the limiter before kept in store.mdb, and nothing else", async () => {
    const dir = scratch();
    const old = openLmdb(dir);
    await old.db.put("ratelimit-window:key-a", JSON.stringify({ windowId: 1, count: 3, endsAt: Number.MAX_SAFE_INTEGER }));
    await old.db.put("accounts:a1", "kept");
    await old.close();
    const storage = openEmbeddedStorage(dir);
    const lmdb = openLmdb(dir);
    expect([...lmdb.db.getKeys()]).toEqual(["accounts:a1"]);
    await lmdb.close();
    expect((await storage.limits.hit("key-a", HOUR)).count).toBe(1);
    await storage.close();
  });
});
