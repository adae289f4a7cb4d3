import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import { FixedClock } from "../system.ts";
import { openLmdb } from "./lmdb-keyv-store.ts";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.ts";
import { PersistentRateLimitStore } from "./persistent-rate-limit-store.ts";
import { describeRateLimitStore } from "./rate-limit-store.contract.ts";
import { connectRedis, createRedisClient, describeRedis } from "./redis-connection.ts";
import { RedisRateLimitStore } from "./redis-rate-limit-store.ts";
import { deleteKeysUnder, findTestRedis, uniquePrefix } from "./testing/redis.ts";

const redisUrl = await findTestRedis();

describeRateLimitStore("memory (fake clock)", async () => {
  const clock = new FixedClock(Date.UTC(2026, 0, 1, 12, 0, 0, 250));
  const store = new MemoryRateLimitStore(clock);
  return {
    store,
    now: async () => clock.now(),
    elapse: async (ms) => clock.advance(ms),
    close: async () => store.close(),
  };
});

describeRateLimitStore("embedded, persisted to LMDB (fake clock)", async () => {
  const clock = new FixedClock(Date.UTC(2026, 0, 1, 12, 0, 0, 250));
  const dir = mkdtempSync(join(tmpdir(), "limits-"));
  const lmdb = openLmdb(dir);
  const store = new PersistentRateLimitStore(lmdb.db, clock);
  return {
    store,
    now: async () => clock.now(),
    elapse: async (ms) => clock.advance(ms),
    close: async () => {
      await store.closeAndFlush();
      await lmdb.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!redisUrl)("redis", () => {
  describeRateLimitStore("redis (Lua script, Redis TIME)", async () => {
    const url = redisUrl as string;
    const prefix = uniquePrefix("limits");
    const client = createRedisClient(url, 1000);
    await connectRedis(client, describeRedis(url), 3000);
    return {
      store: new RedisRateLimitStore(client, prefix),
      now: async () => {
        const [seconds, micros] = (await client.sendCommand(["TIME"])) as [string, string];
        return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
      },
      elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      close: async () => {
        client.destroy();
        await deleteKeysUnder(url, prefix);
      },
    };
  });
});
