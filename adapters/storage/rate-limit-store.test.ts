import { describe, expect, it } from "vitest";
import { FixedClock } from "../system.ts";
import { sleepAtLeast } from "../testing/rate-window.ts";
import { MemoryRateLimitStore } from "./memory/memory-rate-limit-store.ts";
import { describeRateLimitStore } from "./rate-limit-store.contract.ts";
import { connectRedis, createRedisClient, describeRedis } from "./redis/redis-connection.ts";
import { RedisRateLimitStore } from "./redis/redis-rate-limit-store.ts";
import { deleteKeysUnder, findTestRedis, uniquePrefix } from "./testing/redis.ts";
import { hasRedisServer, startPrivateRedis } from "./testing/private-redis.ts";
import type { WindowHit } from "../../domain/rate-limit.ts";

const redisUrl = await findTestRedis();

describeRateLimitStore("memory (fake clock)", async () => {
  const clock = new FixedClock(Date.UTC(2026, 0, 1, 12, 0, 0, 250));
  const store = new MemoryRateLimitStore(clock);
  return {
    store,
    now: async () => clock.now(),
    elapse: async (ms) => clock.advance(ms),
    close: async () => store.close(),
    leavesRefusalsUncounted: true,
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
      elapse: sleepAtLeast,
      close: async () => {
        client.destroy();
        await deleteKeysUnder(url, prefix);
      },
      leavesRefusalsUncounted: true,
    };
  });

  it("sends the hits one bucket gets in one turn as one script call, each hit with its own count", async () => {
    const url = redisUrl as string;
    const prefix = uniquePrefix("limits-turn");
    const { client, store, calls } = await countedStore(url, prefix);
    try {
      const [a, b] = ["a", "b"];
      const turn = await Promise.all([...Array.from({ length: 20 }, () => store.hit(a, 3_600_000)), store.hit(b, 3_600_000)]);
      expect(calls()).toBe(2);
      expect(turn.slice(0, 20).map((hit) => hit.count)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(turn[20].count).toBe(1);
      expect((await store.hit(a, 3_600_000)).count).toBe(21);
      expect(calls()).toBe(3);
    } finally {
      client.destroy();
      await deleteKeysUnder(url, prefix);
    }
  });
});

describe.skipIf(!redisUrl || !hasRedisServer())("redis, its answer held (a private redis-server, stopped)", () => {
  it("holds the hits a bucket gets while its call is in flight, over several turns, and sends them as one call once it answers", async () => {
    const redis = await startPrivateRedis();
    // A deadline far past the test's few turns: a loaded machine cannot turn the held call into a failed one.
    const { client, store, calls } = await countedStore(redis.url, uniquePrefix("limits-held"), 10_000);
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    try {
      expect((await store.hit("warm", 3_600_000)).count).toBe(1); // the script loaded: one call a batch from here on
      const before = calls();
      redis.pause();
      const first = store.hit("a", 3_600_000);
      const held: Promise<WindowHit>[] = [];
      for (let turn = 0; turn < 5; turn++) {
        await nextTurn();
        held.push(store.hit("a", 3_600_000), store.hit("a", 3_600_000));
      }
      await nextTurn();
      expect(calls() - before).toBe(1);
      redis.resume();
      expect((await first).count).toBe(1);
      expect((await Promise.all(held)).map((hit) => hit.count)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
      expect(calls() - before).toBe(2);
    } finally {
      redis.resume();
      client.destroy();
      await redis.dispose();
    }
  });
});

/** A store on the real client, its script calls counted; `deadlineMs`: how long a call may take. */
async function countedStore(url: string, prefix: string, deadlineMs = 1000) {
  const client = createRedisClient(url, 1000);
  await connectRedis(client, describeRedis(url), 3000);
  let calls = 0;
  const counted = new Proxy(client, {
    get: (target, name, receiver) => {
      const value = Reflect.get(target, name, receiver);
      if (name !== "evalSha" && name !== "eval") return typeof value === "function" ? value.bind(target) : value;
      return (...args: unknown[]) => ((calls += 1), value.apply(target, args));
    },
  });
  return { client, store: new RedisRateLimitStore(counted, prefix, { ms: deadlineMs }), calls: () => calls };
}
