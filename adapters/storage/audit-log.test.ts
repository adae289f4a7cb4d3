import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import { SystemClock } from "../system.ts";
import { describeAuditLog } from "./audit-log.contract.ts";
import { openEmbeddedStorage, openMemoryStorage } from "./open-storage.ts";
import { openRedisStorage } from "./redis-storage.ts";
import { deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";

const redisUrl = await findTestRedis();

describeAuditLog("memory (Keyv over a Map)", async () => {
  const storage = openMemoryStorage(new SystemClock());
  return { log: storage.audit, close: () => storage.close() };
});

describeAuditLog("file (Keyv over LMDB)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "audit-log-"));
  const storage = openEmbeddedStorage(dir, new SystemClock());
  return {
    log: storage.audit,
    close: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!redisUrl)("redis", () => {
  describeAuditLog("redis (Keyv over @keyv/redis)", async () => {
    const url = redisUrl as string;
    const prefix = uniquePrefix("audit");
    const storage = await openRedisStorage(redisConfig(url, prefix), new SystemClock());
    return {
      log: storage.audit,
      close: async () => {
        await storage.close();
        await deleteKeysUnder(url, prefix);
      },
    };
  });
});
