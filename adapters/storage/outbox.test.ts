import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { loadConfig } from "../config.ts";
import { SystemClock } from "../system.ts";
import { openOutbox, openWebhookStore } from "./open-events-storage.ts";
import { openEmbeddedStorage, openMemoryStorage, type Storage } from "./open-storage.ts";
import { describeOutbox } from "./outbox.contract.ts";
import { clusterUnavailable, startTestCluster, type TestCluster } from "./testing/redis-cluster.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";
import { describeWebhookStore } from "./webhook-store.contract.ts";

const redisUrl = await findTestRedis();
const unavailable = clusterUnavailable();
if (unavailable) console.warn(`Redis Cluster outbox tests skipped: ${unavailable}`);

/** Two handles on one backend, as two instances hold them (memory: one process, so one handle). */
interface Backend {
  readonly one: Storage;
  readonly two?: Storage;
  close(): Promise<void>;
}

async function onLmdb(): Promise<Backend> {
  const dir = mkdtempSync(join(tmpdir(), "outbox-"));
  const [one, two] = [openEmbeddedStorage(dir, new SystemClock()), openEmbeddedStorage(dir, new SystemClock())];
  return { one, two, close: async () => { await two.close(); await one.close(); rmSync(dir, { recursive: true, force: true }); } };
}

async function onRedis(): Promise<Backend> {
  const url = redisUrl as string;
  const prefix = uniquePrefix("outbox");
  const [one, two] = [await openTestRedis(redisConfig(url, prefix), new SystemClock()), await openTestRedis(redisConfig(url, prefix), new SystemClock())];
  return { one, two, close: async () => { await two.close(); await one.close(); await deleteKeysUnder(url, prefix); } };
}

// One cluster for the whole file, started by the first suite that needs it (as redis/redis-cluster.test.ts does).
let cluster: Promise<TestCluster> | undefined;
const theCluster = () => (cluster ??= startTestCluster());

async function onCluster(): Promise<Backend> {
  const loaded = loadConfig({ HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "silent", REDIS_CLUSTER: (await theCluster()).urls.join(","), REDIS_PREFIX: uniquePrefix("cluster-outbox") });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  const [one, two] = [await openTestRedis(loaded.value, new SystemClock()), await openTestRedis(loaded.value, new SystemClock())];
  return { one, two, close: async () => { await two.close(); await one.close(); } };
}

/** Both suites on one kind of backend. */
function describeEventStores(name: string, open: () => Promise<Backend>): void {
  describeOutbox(name, async (options) => {
    const { one, two, close } = await open();
    return { outbox: openOutbox(one, options), other: two && openOutbox(two, options), close };
  });
  describeWebhookStore(name, async () => {
    const { one, two, close } = await open();
    return { store: openWebhookStore(one), other: two && openWebhookStore(two), close };
  });
}

describeEventStores("memory", async () => {
  const one = openMemoryStorage(new SystemClock());
  return { one, close: () => one.close() };
});

describeEventStores("LMDB (two handles on one directory)", onLmdb);

describe.skipIf(!redisUrl)("redis", () => {
  describeEventStores("redis (two clients)", onRedis);
});

describe.skipIf(unavailable)("redis cluster", () => {
  beforeAll(async () => void (await theCluster()), 60_000);
  afterAll(async () => (await cluster)?.dispose(), 30_000);
  describeEventStores("redis cluster (3 masters, two clients)", onCluster);
});
