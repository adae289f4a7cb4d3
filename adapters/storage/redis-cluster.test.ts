import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { TOKENS } from "../container.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { describeAccountStores } from "./account-stores.contract.ts";
import { describeApiKeyStore } from "./api-key-store.contract.ts";
import { describeAuditLog } from "./audit-log.contract.ts";
import { KeyvAuditLog } from "./keyv-audit-log.ts";
import { describeRateLimitStore } from "./rate-limit-store.contract.ts";
import { describeWorkspacePackStore } from "./workspace-pack-store.contract.ts";
import { describeUsageStore } from "./usage-store.contract.ts";
import { connectRedis, createRedisClusterClient } from "./redis-connection.ts";
import { RedisUsageStore } from "./redis-usage-store.ts";
import { FixedClock, SystemClock } from "../system.ts";
import { openRedisStorage } from "./redis-storage.ts";
import { COUNTED_WINDOW_SECONDS, sleepAtLeast } from "../testing/rate-window.ts";
import { createKeyOn, execute, executeConcurrently, expectLimitHeld } from "./testing/instances.ts";
import { clusterUnavailable, startTestCluster, type TestCluster } from "./testing/redis-cluster.ts";
import { uniquePrefix } from "./testing/redis.ts";

const unavailable = clusterUnavailable();
if (unavailable) console.warn(`Redis Cluster tests skipped: ${unavailable}`);

// One cluster for the whole file, started by the first suite that needs it.
let cluster: Promise<TestCluster> | undefined;
const theCluster = () => (cluster ??= startTestCluster());
afterAll(async () => (await cluster)?.dispose(), 30_000);

const clusterConfig = async (prefix: string) => {
  const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", REDIS_CLUSTER: (await theCluster()).urls.join(","), REDIS_PREFIX: prefix });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  return loaded.value;
};
const openOnCluster = async (prefix = uniquePrefix("cluster")) => openRedisStorage(await clusterConfig(prefix), new SystemClock());

describe.skipIf(unavailable)("every store on a 3-master Redis Cluster", () => {
  beforeAll(async () => void (await theCluster()), 60_000);

  describeApiKeyStore("redis cluster (two clients)", async () => {
    const prefix = uniquePrefix("cluster-keys");
    const [storage, other] = [await openOnCluster(prefix), await openOnCluster(prefix)];
    return { store: storage.keys, other: other.keys, close: async () => (await other.close(), await storage.close()) };
  });

  describeRateLimitStore("redis cluster (Lua script, Redis TIME)", async () => {
    const storage = await openOnCluster();
    return {
      store: storage.limits,
      now: async () => Date.now(),
      elapse: sleepAtLeast,
      close: () => storage.close(),
    };
  });

  describeAuditLog("redis cluster", async (options) => {
    const storage = await openOnCluster();
    const log = options?.retention === undefined ? storage.audit : new KeyvAuditLog(storage.keyv, { retention: options.retention });
    return { log, close: () => storage.close() };
  });

  describeAccountStores("redis cluster", async () => {
    const storage = await openOnCluster();
    return { storage, close: () => storage.close() };
  });

  describeUsageStore("redis cluster (two clients; TTLs on the cluster's clock)", async () => {
    const prefix = uniquePrefix("cluster-usage");
    const seeds = (await theCluster()).urls;
    const clients = [createRedisClusterClient(seeds, 1000), createRedisClusterClient(seeds, 1000)];
    for (const client of clients) await connectRedis(client, "the test cluster", 3000);
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
      },
    };
  });

  describeWorkspacePackStore("redis cluster (two connections)", async () => {
    const prefix = uniquePrefix("cluster-packs");
    const [storage, other] = [await openOnCluster(prefix), await openOnCluster(prefix)];
    return { storage, other, close: async () => (await other.close(), await storage.close()) };
  });
});

describe.skipIf(unavailable)("two server instances on a Redis Cluster", () => {
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    const config = await clusterConfig(uniquePrefix("cluster-instances"));
    for (let i = 0; i < 2; i++) servers.push(await startServer(config, { logger: createLogger("silent"), tools: [hashText] }));
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it("lets exactly 100 of 1,000 concurrent requests through for a key limited to 100, split across both", async () => {
    const key = await createKeyOn(servers[0], 100, COUNTED_WINDOW_SECONDS);
    expectLimitHeld(await executeConcurrently(servers.map((server) => server.url), key.secret, 1000), 100);
  }, 120_000);

  it("refuses a revoked key on both instances at once", async () => {
    const key = await createKeyOn(servers[0], 1000, 3600);
    expect((await execute(servers[1].url, key.secret)).status).toBe(200);
    await servers[0].container.get(TOKENS.revokeKey).execute({ id: key.id });
    expect([(await execute(servers[0].url, key.secret)).status, (await execute(servers[1].url, key.secret)).status]).toEqual([401, 401]);
  }, 60_000);

  it("fails closed while a node is down (503, never unlimited) and serves again once it is back", async () => {
    const { nodes, ready } = await theCluster();
    const keys = await Promise.all(Array.from({ length: 12 }, () => createKeyOn(servers[0], 3, COUNTED_WINDOW_SECONDS)));
    await nodes[1].kill();
    const seen: number[] = [];
    try {
      // Keys whose records or counters live on the stopped node answer 503; the rest keep their exact limits.
      for (const key of keys) {
        const statuses = await Promise.all(Array.from({ length: 6 }, () => execute(servers[0].url, key.secret).then((r) => r.status)));
        expect(statuses.every((status) => status === 200 || status === 429 || status === 503), String(statuses)).toBe(true);
        expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(3);
        seen.push(...statuses);
      }
      expect(seen, "no request met the stopped node").toContain(503);
    } finally {
      await nodes[1].start();
      await ready();
    }
    const fresh = await createKeyOn(servers[1], 3, 3600);
    let status = 0;
    for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
      status = (await execute(servers[1].url, fresh.secret)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
  }, 120_000);
});
