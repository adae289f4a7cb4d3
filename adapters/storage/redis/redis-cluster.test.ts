import { execFile } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { TOKENS } from "../../container.ts";
import { createLogger } from "../../logger.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { hashText } from "../../tools/crypto/hash-text.ts";
import { describeAccountStores } from "../account-stores.contract.ts";
import { describeApiKeyStore } from "../api-key-store.contract.ts";
import { describeAuditLog } from "../audit-log.contract.ts";
import { KeyvAuditLog } from "../keyv-audit-log.ts";
import { describeRateLimitStore } from "../rate-limit-store.contract.ts";
import { describeWorkspacePackStore } from "../workspace-pack-store.contract.ts";
import { describeUsageStore } from "../usage-store.contract.ts";
import { connectRedis, createRedisClusterClient } from "./redis-connection.ts";
import { RedisUsageStore } from "./redis-usage-store.ts";
import { FixedClock, SystemClock } from "../../system.ts";
import { openRedisStorage } from "./redis-storage.ts";
import type { StorageLogger } from "../storage.ts";
import { COUNTED_WINDOW_SECONDS, mintCountedKey, sleepAtLeast } from "../../testing/rate-window.ts";
import { createKeyOn, execute, executeConcurrently, expectLimitHeld } from "../testing/instances.ts";
import { clusterUnavailable, startTestCluster, type TestCluster } from "../testing/redis-cluster.ts";
import { uniquePrefix } from "../testing/redis.ts";
import { createToolCore } from "../../core/create-tool-core.ts";
import { monitorCommands } from "./testing/command-monitor.ts";

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
      leavesRefusalsUncounted: true,
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
    // An outage, not a loss: the node comes back with what it held (a node back empty is a store that lost data, refused).
    await new Promise<void>((resolve, reject) => execFile("redis-cli", ["-p", String(nodes[1].port), "SAVE"], (error) => (error ? reject(error) : resolve())));
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

describe.skipIf(unavailable)("an execute call on a Redis Cluster", () => {
  beforeAll(async () => void (await theCluster()), 60_000);

  // The key's record and its counter share a slot: the script that reads one and counts on the other runs on one node
  // (a cross-slot script would fail every execute).
  it("sends one command per execute once the key is known, and MCP's admission counts on the same counter", async () => {
    const prefix = uniquePrefix("cluster-trips");
    const core = await createToolCore({ storage: await openRedisStorage(await clusterConfig(prefix), new SystemClock()), tools: [hashText], recordUsage: false, events: { dispatch: false } });
    const monitor = await monitorCommands((await theCluster()).urls, prefix);
    try {
      const created = await mintCountedKey(core.services.container, { name: "cluster-trips", limit: 6 });
      const execute = () => core.execute({ secret: created.secret, toolId: "hash-text", input: { algorithm: "sha256", text: "hello" } });
      expect((await execute()).status).toBe(200);
      await monitor.clear();
      for (let i = 0; i < 5; i++) expect((await execute()).status).toBe(200);
      expect(await monitor.settle()).toEqual(Array(5).fill("evalsha"));
      expect((await execute()).status).toBe(429);
      const key = await core.services.storage.keys.findById(created.key.id);
      expect(key && (await core.services.toolCall.admit(key)).ok).toBe(false);
    } finally {
      await monitor.close();
      await core.close();
    }
  }, 60_000);
});

describe.skipIf(unavailable)("REDIS_CLUSTER beside REDIS_URL", () => {
  it("stores everything on the cluster, as the contract says (instead of REDIS_URL), and says once that REDIS_URL is ignored", async () => {
    // REDIS_URL names a port where nothing listens: a store that used it could not even start.
    const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", REDIS_URL: "redis://127.0.0.1:1", REDIS_CLUSTER: (await theCluster()).urls.join(","), REDIS_PREFIX: uniquePrefix("both") });
    if (!loaded.ok) throw new Error(loaded.error.join("; "));
    const warnings: string[] = [];
    const logger = { info: () => undefined, warn: (_fields: unknown, message?: string) => void warnings.push(String(message)) } as unknown as StorageLogger;
    const storage = await openRedisStorage(loaded.value, new SystemClock(), logger);
    try {
      const hit = await storage.limits.hit("both:bucket", 60_000);
      expect(hit.count).toBe(1);
      expect(warnings).toEqual(["REDIS_URL is ignored: REDIS_CLUSTER is set too, and every store lives on that cluster"]);
    } finally {
      await storage.close();
    }
  }, 60_000);
});
