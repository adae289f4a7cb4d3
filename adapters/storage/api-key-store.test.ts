import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import { SystemClock } from "../system.ts";
import { describeApiKeyStore } from "./api-key-store.contract.ts";
import { openEmbeddedStorage, openMemoryStorage } from "./open-storage.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";

const redisUrl = await findTestRedis();

describeApiKeyStore("memory (Keyv over a Map)", async () => {
  const storage = openMemoryStorage(new SystemClock());
  return { store: storage.keys, close: () => storage.close() };
});

describeApiKeyStore("file (Keyv over LMDB, two handles)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "api-key-store-"));
  const storage = openEmbeddedStorage(dir, new SystemClock());
  const other = openEmbeddedStorage(dir, new SystemClock());
  return {
    store: storage.keys,
    other: other.keys,
    close: async () => {
      await other.close();
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!redisUrl)("redis", () => {
  describeApiKeyStore("redis (Keyv over @keyv/redis, two clients)", async () => {
    const url = redisUrl as string;
    const prefix = uniquePrefix("keys");
    const storage = await openTestRedis(redisConfig(url, prefix), new SystemClock());
    const other = await openTestRedis(redisConfig(url, prefix), new SystemClock());
    return {
      store: storage.keys,
      other: other.keys,
      close: async () => {
        await other.close();
        await storage.close();
        await deleteKeysUnder(url, prefix);
      },
    };
  });
});
