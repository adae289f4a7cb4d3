import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FixedClock } from "../system.ts";
import { type LmdbHandle, openLmdb } from "./lmdb-keyv-store.ts";
import { PersistentRateLimitStore, WINDOW_PREFIX } from "./persistent-rate-limit-store.ts";

const HOUR = 3_600_000;
const opened: LmdbHandle[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const lmdb of opened.splice(0)) await lmdb.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function database(): { dir: string; open: () => LmdbHandle } {
  const dir = mkdtempSync(join(tmpdir(), "windows-"));
  dirs.push(dir);
  return { dir, open: () => (opened.push(openLmdb(dir)), opened[opened.length - 1]) };
}

async function hits(store: PersistentRateLimitStore, bucket: string, times: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < times; i++) count = (await store.hit(bucket, HOUR)).count;
  return count;
}

describe("PersistentRateLimitStore", () => {
  it("counts on exactly after a close and a reopen of the same database", async () => {
    const clock = new FixedClock(Date.UTC(2026, 0, 1, 12, 10));
    const db = database();
    const first = new PersistentRateLimitStore(db.open().db, clock);
    expect(await hits(first, "key-a", 7)).toBe(7);
    await hits(first, "key-b", 2);
    await first.closeAndFlush();
    const second = new PersistentRateLimitStore(db.open().db, clock);
    expect((await second.hit("key-a", HOUR)).count).toBe(8);
    expect((await second.peek("key-b", HOUR)).count).toBe(2);
    await second.closeAndFlush();
  });

  it("writes nothing per hit: only a flush puts the counts on disk (what a crash before it loses)", async () => {
    const clock = new FixedClock(Date.UTC(2026, 0, 1, 12, 10));
    const db = database();
    const lmdb = db.open();
    const store = new PersistentRateLimitStore(lmdb.db, clock, 60_000);
    await hits(store, "key-a", 3);
    expect(lmdb.db.get(`${WINDOW_PREFIX}key-a`)).toBeUndefined();
    await store.flush();
    await hits(store, "key-a", 2);
    // A process that died now: a new store on the same files sees the flushed 3, not the 2 after.
    const survivor = new PersistentRateLimitStore(db.open().db, clock);
    expect((await survivor.peek("key-a", HOUR)).count).toBe(3);
    await store.closeAndFlush();
    await survivor.closeAndFlush();
  });

  it("does not bring back a window that ended while the server was down, and removes it", async () => {
    const clock = new FixedClock(Date.UTC(2026, 0, 1, 12, 10));
    const db = database();
    const first = new PersistentRateLimitStore(db.open().db, clock);
    await hits(first, "key-a", 5);
    await first.closeAndFlush();
    clock.advance(HOUR);
    const lmdb = db.open();
    const second = new PersistentRateLimitStore(lmdb.db, clock);
    expect((await second.hit("key-a", HOUR)).count).toBe(1);
    await second.closeAndFlush();
    clock.advance(HOUR);
    const third = new PersistentRateLimitStore(lmdb.db, clock);
    expect(lmdb.db.get(`${WINDOW_PREFIX}key-a`)).toBeUndefined();
    await third.closeAndFlush();
  });
});
