import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type Keyv from "keyv";
import { describe } from "vitest";
import { SystemClock } from "../system.ts";
import { openEmbeddedStorage, openMemoryStorage } from "./open-storage.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";
import { describeWorkspacePackStore } from "./workspace-pack-store.contract.ts";

const redisUrl = await findTestRedis();

describeWorkspacePackStore("memory (Keyv over a Map)", async () => {
  const memory = openMemoryStorage(new SystemClock());
  // Each keyv() call over memory gets its own Map, so one namespace is opened once and handed to both handles.
  const shared = memory.keyv<unknown>("workspace-packs");
  const storage = { ...memory, keyv: <T>() => shared as never as Keyv<T> };
  return { storage, other: storage, close: () => memory.close() };
});

describeWorkspacePackStore("file (Keyv over LMDB, two handles)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "pack-store-"));
  const storage = openEmbeddedStorage(dir, new SystemClock());
  const other = openEmbeddedStorage(dir, new SystemClock());
  return {
    storage, other,
    close: async () => {
      await other.close();
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!redisUrl)("redis", () => {
  describeWorkspacePackStore("redis (two connections, as two instances)", async () => {
    const url = redisUrl as string;
    const prefix = uniquePrefix("packs");
    const storage = await openTestRedis(redisConfig(url, prefix), new SystemClock());
    const other = await openTestRedis(redisConfig(url, prefix), new SystemClock());
    return {
      storage, other,
      close: async () => {
        await other.close();
        await storage.close();
        await deleteKeysUnder(url, prefix);
      },
    };
  });
});
