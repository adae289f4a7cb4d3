import { afterAll, describe, it } from "vitest";
import { loadConfig } from "../config.ts";
import { TOKENS } from "../container.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, uniquePrefix } from "../storage/testing/redis.ts";
import { clusterUnavailable, startTestCluster, type TestCluster } from "../storage/testing/redis-cluster.ts";
import { waitUntil } from "../testing/process.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { mapLimit } from "../tools/testing/catalog-server.ts";
import { newWebhookSecret } from "../../domain/webhook-signature.ts";
import { startReceiver } from "./testing/receiver.ts";
import { randomBytes } from "node:crypto";

const EVENTS = 200;
const redisUrl = await findTestRedis();
let cluster: TestCluster | undefined;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await cluster?.dispose();
});

const stores = [
  ...(redisUrl ? [{ name: "one Redis", env: async () => {
    const prefix = uniquePrefix("events");
    cleanups.push(() => deleteKeysUnder(redisUrl, prefix));
    return { REDIS_URL: redisUrl, REDIS_PREFIX: prefix };
  } }] : []),
  ...(clusterUnavailable() ? [] : [{ name: "a Redis Cluster", env: async () => {
    cluster ??= await startTestCluster();
    return { REDIS_CLUSTER: cluster.urls.join(","), REDIS_PREFIX: uniquePrefix("events") };
  } }]),
];

async function twoInstances(env: Record<string, string>): Promise<RunningServer[]> {
  const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", WEBHOOK_ALLOW_PRIVATE: "true", ...env });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  const servers: RunningServer[] = [];
  for (let i = 0; i < 2; i++) {
    // Calls bounded by the stores' test deadline, not the server's 1 s: this proves delivery exactly once, and on a
    // loaded machine (two suites side by side) a key creation's compare-and-set once waited past 1 s (a 503).
    const server = await startServer(loaded.value, { logger: createLogger("silent"), tools: [hashText], events: { pollMs: 50 }, openStorage: openTestRedis });
    cleanups.push(() => server.close());
    servers.push(server);
  }
  return servers;
}

// Each store has its own receiver and instances; a run waits mostly on the dispatchers' pacing (4 attempts in flight
// per endpoint, the rest a second later), so the stores run side by side.
describe.concurrent.each(stores)("two instances on $name", (store) => {
  it(`deliver ${EVENTS} events, each once to a receiver that answers 200 at once, each attempt by one instance`, async ({ expect }) => {
    const receiver = await startReceiver([200]);
    cleanups.push(() => receiver.close());
    const [a, b] = await twoInstances(await store.env());
    const workspaceId = `ws_${randomBytes(8).toString("hex")}`;
    await a.container.get(TOKENS.webhookStore).create({
      id: `wh_${randomBytes(8).toString("hex")}`, workspaceId, url: receiver.url, events: ["key.created"], description: "", enabled: true,
      createdAt: Date.now(), secret: newWebhookSecret(randomBytes(32)), previousSecret: null, previousSecretExpiresAt: null, failingSince: null,
    }, 20);
    // Half the changes on each instance: both dispatchers find events the other wrote. Twenty at a time: all 200 at
    // once kept a loaded machine's Redis Cluster past the stores' 1-s deadline (503 by design), which is not what
    // this test is about; the dispatchers still race on every event.
    await mapLimit(Array.from({ length: EVENTS }, (_, i) => i), 20, (i) => (i % 2 ? a : b).container.get(TOKENS.createKey).execute({ name: `k${i}`, env: "development", workspaceId }));
    await waitUntil(async () => receiver.received.length >= EVENTS, 60_000, 100);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const ids = receiver.received.map((request) => String(request.headers["webhook-id"]));
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    const audit = await a.container.get(TOKENS.auditLog).list(workspaceId, EVENTS);
    expect(new Set(audit.map((event) => event.id))).toEqual(new Set(ids));
  }, 120_000);
});
