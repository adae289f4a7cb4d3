import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { FixedClock, SystemClock } from "../../system.ts";
import { makeKey } from "../api-key-store.contract.ts";
import type { Storage } from "../open-storage.ts";
import { openRedisStorage, REDIS_DEADLINE_MS } from "./redis-storage.ts";
import { StorageUnavailableError } from "../../../application/storage-unavailable.ts";
import { hasRedisServer, type PrivateRedis, startPrivateRedis } from "../testing/private-redis.ts";
import { answersPing, deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "../testing/redis.ts";
import { NO_BOUNDARY_MS } from "../../testing/rate-window.ts";

const redisUrl = await findTestRedis();
/**
 * Room a loaded CI machine (2 cores, load average 10) may add to a bound measured by this process's clock. The bugs
 * these bounds guard (a call queued until Redis returns, a start retrying forever) never end at all, so they still
 * fail; the precise figures are the server's deadlines, which the error messages below name.
 */
const LOAD_SLACK_MS = 10_000;
/** How long a recovery may take to be seen: the contract sets no bound, only that it happens without a restart. */
const RECOVERY_MS = 20_000;
const opened: Storage[] = [];
const prefixes: string[] = [];

async function open(prefix: string, options: { url?: string; clock?: FixedClock; logger?: ReturnType<typeof createLogger> } = {}): Promise<Storage> {
  const storage = await openRedisStorage(redisConfig(options.url ?? (redisUrl as string), prefix), options.clock ?? new SystemClock(), options.logger);
  opened.push(storage);
  return storage;
}

function prefix(): string {
  const value = uniquePrefix("storage");
  prefixes.push(value);
  return value;
}

afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
  for (const value of prefixes.splice(0)) await deleteKeysUnder(redisUrl as string, value);
});

describe.skipIf(!redisUrl)("Redis storage on a shared server", () => {
  // Every lookup reads the key's record: the other connection's next lookup sees the revocation, with no time bound
  // for a loaded machine to miss, and a lookup cache in front of the record (the bug) fails it.
  it("shares keys between two connections on one prefix, and a revocation through one is seen by the other's next lookup", async () => {
    const shared = prefix();
    const [a, b] = [await open(shared), await open(shared)];
    const key = makeKey();
    await a.keys.save(key);
    expect(await b.keys.findByHash(key.secretHash)).toEqual(key);
    // A stored key changes only through update() (compare-and-set); save() refuses an id that exists.
    await a.keys.update(key.id, (current) => ({ ...current, status: "revoked", revokedAt: 1 }));
    expect((await b.keys.findByHash(key.secretHash))?.status).toBe("revoked");
  });

  it("reads a key past its limit without counting it: the count stops at limit + 1, the first refusal", async () => {
    const storage = await open(prefix());
    const key = makeKey({ policy: { limit: 2, windowMs: 3_600_000 } });
    await storage.keys.save(key);
    const read = () => storage.keys.findByHashCounting?.(key.secretHash);
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await read())?.hit?.count);
    expect(counts).toEqual([1, 2, 3]);
    const refused = await Promise.all(Array.from({ length: 20 }, read));
    expect(refused.every((found) => (found?.hit?.count ?? 0) > 3)).toBe(true);
    expect((await storage.limits.hitKey?.(key.id, 3_600_000))?.count).toBe(4); // the same counter, still at 3 before
  });

  it("keeps deployments with different prefixes apart", async () => {
    const [a, b] = [await open(prefix()), await open(prefix())];
    const key = makeKey();
    await a.keys.save(key);
    await a.limits.hit(key.id, 60_000);
    expect(await b.keys.findByHash(key.secretHash)).toBeUndefined();
    expect(await b.keys.list()).toEqual([]);
    expect((await b.limits.hit(key.id, 60_000)).count).toBe(1);
  });

  it("writes every key (records, hash index, counters, other namespaces) under the prefix", async () => {
    const own = prefix();
    const storage = await open(own);
    const key = makeKey();
    await storage.keys.save(key);
    await storage.limits.hit(key.id, 60_000);
    await storage.keyv<string>("sessions").set(`session-of-${key.id}`, "x");
    const { createClient } = await import("@keyv/redis");
    const client = createClient({ url: redisUrl });
    await client.connect();
    const found: string[] = [];
    for await (const keys of client.scanIterator({ MATCH: `*${key.id}*` })) found.push(...keys);
    for await (const keys of client.scanIterator({ MATCH: `*${key.secretHash}*` })) found.push(...keys);
    client.destroy();
    expect(found.sort()).toEqual(
      [`${own}apikey-hashes:${key.secretHash}`, `${own}apikeys:${key.id}`, `${own}ratelimit:${key.id}`, `${own}sessions:session-of-${key.id}`].sort(),
    );
  });

  it("counts in Redis TIME, so instances whose clocks disagree by years share one window", async () => {
    const shared = prefix();
    const past = await open(shared, { clock: new FixedClock(Date.UTC(2001, 0, 1)) });
    const future = await open(shared, { clock: new FixedClock(Date.UTC(2099, 0, 1)) });
    expect((await past.limits.hit("skewed", NO_BOUNDARY_MS)).count).toBe(1);
    expect((await future.limits.hit("skewed", NO_BOUNDARY_MS)).count).toBe(2);
    expect((await past.limits.hit("skewed", NO_BOUNDARY_MS)).count).toBe(3);
  });

  it("refuses to start within a few seconds, with a clear error, when nothing answers at REDIS_URL", async () => {
    const start = performance.now();
    await expect(open(prefix(), { url: "redis://127.0.0.1:1" })).rejects.toThrow(/Redis at 127\.0\.0\.1:1 is unreachable/);
    // The start gives up after its 3 s connect timeout; node-redis alone would retry the first connection forever.
    expect(performance.now() - start).toBeLessThan(3000 + LOAD_SLACK_MS);
  });
});

describe.skipIf(!redisUrl || !hasRedisServer())("Redis storage when its server fails", () => {
  let redis: PrivateRedis;
  const lines: string[] = [];
  const logger = createLogger("info", new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(async () => {
    await redis?.dispose();
  });

  const unavailable = async (call: () => Promise<unknown>): Promise<string> => {
    const start = performance.now();
    const error = await call().then(() => undefined, (reason: unknown) => reason);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect(performance.now() - start).toBeLessThan(REDIS_DEADLINE_MS + LOAD_SLACK_MS);
    return (error as Error).message;
  };

  it("throws StorageUnavailableError (never undefined or empty) while Redis is down, logs the outage once, and recovers by itself", async () => {
    lines.length = 0;
    const storage = await open(prefix(), { url: redis.url, logger });
    const key = makeKey();
    await storage.keys.save(key);
    await redis.kill();
    for (let i = 0; i < 5; i++) {
      await unavailable(() => storage.keys.findById(key.id));
      await unavailable(() => storage.keys.findByHash(makeKey().secretHash));
      await unavailable(() => storage.keys.list());
      await unavailable(() => storage.keys.ping());
      await unavailable(() => storage.limits.hit(key.id, 60_000));
      await expect(storage.keyv<string>("sessions").get("any")).rejects.toThrow();
    }
    await redis.start();
    await waitFor(async () => (await storage.keys.ping().then(() => true, () => false)), RECOVERY_MS);
    expect((await storage.limits.hit("after", 60_000)).count).toBe(1);
    expect(lines.filter((line) => line.includes("Redis connection lost"))).toHaveLength(1);
    await waitFor(async () => lines.some((line) => line.includes("Redis connection restored")), RECOVERY_MS);
  });

  it("fails within the deadline when Redis stops answering on an open socket, and recovers when it resumes", async () => {
    lines.length = 0;
    const storage = await open(prefix(), { url: redis.url, logger });
    const key = makeKey();
    await storage.keys.save(key);
    redis.pause();
    try {
      // Decided by the deadline, not by a socket error: the stalled call's error names it.
      expect(await unavailable(() => storage.keys.findById(key.id))).toContain(`within ${REDIS_DEADLINE_MS} ms`);
      await unavailable(() => storage.limits.hit(key.id, 60_000));
      await unavailable(() => storage.keys.list());
    } finally {
      redis.resume();
    }
    expect(await storage.keys.findById(key.id)).toEqual(key);
    expect(lines.filter((line) => line.includes("Redis connection lost"))).toHaveLength(1);
    await waitFor(async () => lines.some((line) => line.includes("Redis connection restored")), RECOVERY_MS);
  });

  it("reloads the limiter script after the server forgets it (EVALSHA falls back to EVAL)", async () => {
    const storage = await open(prefix(), { url: redis.url });
    expect((await storage.limits.hit("script", NO_BOUNDARY_MS)).count).toBe(1);
    const { createClient } = await import("@keyv/redis");
    const admin = createClient({ url: redis.url });
    await admin.connect();
    await admin.scriptFlush();
    admin.destroy();
    expect((await storage.limits.hit("script", NO_BOUNDARY_MS)).count).toBe(2);
    expect(await answersPing(redis.url)).toBe(true);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
