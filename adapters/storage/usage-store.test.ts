import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FixedClock } from "../system.ts";
import { openLmdb } from "./lmdb/lmdb-keyv-store.ts";
import { LmdbUsageStore, USAGE_PREFIX } from "./lmdb/lmdb-usage-store.ts";
import { MemoryUsageStore } from "./memory/memory-usage-store.ts";
import { connectRedis, createRedisClient, describeRedis } from "./redis/redis-connection.ts";
import { RedisUsageStore } from "./redis/redis-usage-store.ts";
import { deleteKeysUnder, findTestRedis, uniquePrefix } from "./testing/redis.ts";
import { describeUsageStore } from "./usage-store.contract.ts";

const redisUrl = await findTestRedis();
const START = Date.UTC(2026, 0, 1, 12, 0, 0, 250);

describeUsageStore("memory (fake clock)", async () => {
  const clock = new FixedClock(START);
  const store = new MemoryUsageStore(clock);
  return { store, other: store, now: () => clock.now(), elapse: async (ms) => clock.advance(ms), close: async () => {} };
});

describeUsageStore("LMDB, two handles on one directory (fake clock)", async () => {
  const clock = new FixedClock(START);
  const dir = mkdtempSync(join(tmpdir(), "usage-"));
  const [one, two] = [openLmdb(dir), openLmdb(dir)];
  return {
    store: new LmdbUsageStore(one.db, clock),
    other: new LmdbUsageStore(two.db, clock),
    now: () => clock.now(),
    elapse: async (ms) => clock.advance(ms),
    close: async () => {
      await one.close();
      await two.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!redisUrl)("Redis", () => {
  describeUsageStore("Redis, two connections (system time: TTLs run on Redis' clock)", async () => {
    const prefix = uniquePrefix("usage");
    const clients = [createRedisClient(redisUrl ?? "", 1000), createRedisClient(redisUrl ?? "", 1000)];
    for (const client of clients) await connectRedis(client, describeRedis(redisUrl ?? ""), 3000);
    const clock = new FixedClock(Date.now());
    return {
      store: new RedisUsageStore(clients[0], `${prefix}usage:`, clock),
      other: new RedisUsageStore(clients[1], `${prefix}usage:`, clock),
      now: () => clock.now(),
      elapse: async (ms) => {
        clock.advance(ms);
        await new Promise((resolve) => setTimeout(resolve, ms + 50));
      },
      close: async () => {
        for (const client of clients) client.destroy();
        await deleteKeysUnder(redisUrl ?? "", prefix);
      },
    };
  });

  it("gives each bucket a TTL reaching its expiresAt on the store's clock, its keys under one hash tag per scope", async () => {
    const prefix = uniquePrefix("usage-ttl");
    const client = createRedisClient(redisUrl ?? "", 1000);
    await connectRedis(client, describeRedis(redisUrl ?? ""), 3000);
    try {
      const clock = new FixedClock(Date.now());
      const store = new RedisUsageStore(client, `${prefix}usage:`, clock);
      await store.add([{ scope: "w:ws_1", granularity: "hour", at: 0, expiresAt: clock.now() + 90 * 86_400_000, fields: new Map([["f", 1]]) }]);
      const key = `${prefix}usage:{w:ws_1}:hour:0`;
      const ttl = await client.pTTL(key);
      expect(ttl).toBeLessThanOrEqual(90 * 86_400_000);
      expect(ttl).toBeGreaterThan(90 * 86_400_000 - 60_000);
    } finally {
      client.destroy();
      await deleteKeysUnder(redisUrl ?? "", prefix);
    }
  });
});

describe("LMDB usage store", () => {
  it("sweeps expired buckets out of the database in the next flush's transaction, and keeps the rest across a reopen", async () => {
    const dir = mkdtempSync(join(tmpdir(), "usage-sweep-"));
    const clock = new FixedClock(START);
    let lmdb = openLmdb(dir);
    try {
      const store = new LmdbUsageStore(lmdb.db, clock);
      await store.add([
        { scope: "w:a", granularity: "minute", at: 0, expiresAt: START + 1000, fields: new Map([["f", 1]]) },
        { scope: "w:a", granularity: "day", at: 0, expiresAt: START + 10_000, fields: new Map([["f", 2]]) },
      ]);
      const stored = () => [...lmdb.db.getKeys({ start: USAGE_PREFIX })].filter((key) => String(key).startsWith(USAGE_PREFIX)).length;
      expect(stored()).toBe(2);
      clock.advance(1000);
      await store.add([]);
      expect(stored()).toBe(1);
      await lmdb.close();
      lmdb = openLmdb(dir);
      expect((await new LmdbUsageStore(lmdb.db, clock).read("w:a", "day", [0])).map((bucket) => Object.fromEntries(bucket))).toEqual([{ f: 2 }]);
    } finally {
      await lmdb.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
