import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "@keyv/redis";
import { SystemClock } from "../../system.ts";
import { openStorage, type Storage } from "../open-storage.ts";
import { hasRedisServer, type PrivateRedis, startPrivateRedis } from "../testing/private-redis.ts";
import { redisConfig, uniquePrefix } from "../testing/redis.ts";

/**
 * Keys of others on the same Redis. @keyv/redis's own listing read them 10 per SCAN inside one deadline: 30,000 calls,
 * seconds on any machine, so a start (its one-time migration lists two namespaces) failed with "did not answer SCAN".
 */
const OTHERS = 300_000;

describe.skipIf(!hasRedisServer())("a Redis holding many keys of others", () => {
  let redis: PrivateRedis;
  const opened: Storage[] = [];
  beforeAll(async () => {
    // A Redis of this file alone: the shared one's other users should not list through 300,000 keys of a test.
    redis = await startPrivateRedis();
    const client = createClient({ url: redis.url });
    await client.connect();
    for (let start = 0; start < OTHERS; start += 10_000) {
      await client.mSet(Array.from({ length: 10_000 }, (_, i): [string, string] => [`others:${start + i}`, "x"]));
    }
    expect(await client.dbSize()).toBe(OTHERS);
    client.destroy();
  }, 60_000);
  afterAll(async () => {
    for (const storage of opened) await storage.close();
    await redis?.dispose();
  });

  const open = async (prefix: string) => {
    const storage = await openStorage(redisConfig(redis.url, prefix), new SystemClock());
    opened.push(storage);
    return storage;
  };

  it("opens, lists a namespace of its own whole and clears it, each Redis call within the deadline", async () => {
    const prefix = uniquePrefix("large");
    const storage = await open(prefix);
    const records = storage.keyv<{ n: number }>("records");
    await Promise.all([1, 2, 3].map((n) => records.set(`r${n}`, { n })));
    const listed: Array<[string, { n: number } | undefined]> = [];
    for await (const entry of records.iterator!(undefined)) listed.push(entry as [string, { n: number } | undefined]);
    expect(listed.sort(([a], [b]) => a.localeCompare(b))).toEqual([["r1", { n: 1 }], ["r2", { n: 2 }], ["r3", { n: 3 }]]);
    await records.clear();
    expect(await records.get("r1")).toBeUndefined();
    const client = createClient({ url: redis.url });
    await client.connect();
    // Only the namespace went: the others' keys and the store's migration marker stay.
    expect(await client.exists(`${prefix}migrations:2026-11-sorted-indexes`)).toBe(1);
    expect(await client.dbSize()).toBe(OTHERS + 1);
    client.destroy();
  }, 60_000);
});
