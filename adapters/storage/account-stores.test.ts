import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import { SystemClock } from "../system.ts";
import { describeAccountStores } from "./account-stores.contract.ts";
import { openEmbeddedStorage, openMemoryStorage } from "./open-storage.ts";
import { openRedisStorage } from "./redis-storage.ts";
import { deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";

const redisUrl = await findTestRedis();

describeAccountStores("memory (Keyv over a Map)", async () => {
  const storage = openMemoryStorage(new SystemClock());
  return { storage, close: () => storage.close() };
});

describeAccountStores("file (Keyv over LMDB)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "account-stores-"));
  const storage = openEmbeddedStorage(dir, new SystemClock());
  return {
    storage,
    close: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!redisUrl)("redis", () => {
  describeAccountStores("redis (Keyv over @keyv/redis)", async () => {
    const url = redisUrl as string;
    const prefix = uniquePrefix("accounts");
    const storage = await openRedisStorage(redisConfig(url, prefix), new SystemClock());
    return {
      storage,
      close: async () => {
        await storage.close();
        await deleteKeysUnder(url, prefix);
      },
    };
  });
});
