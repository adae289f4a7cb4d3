import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SystemClock } from "../system.ts";
import { describeAccountStores } from "./account-stores.contract.ts";
import { KeyvWorkspaceStore } from "./keyv-workspace-store.ts";
import { watchStorageTraffic } from "./testing/storage-traffic.ts";
import { openEmbeddedStorage, openMemoryStorage, type Storage } from "./open-storage.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";

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
    const storage = await openTestRedis(redisConfig(url, prefix), new SystemClock());
    return {
      storage,
      close: async () => {
        await storage.close();
        await deleteKeysUnder(url, prefix);
      },
    };
  });
});

const MEMBERSHIPS = 2000;

// Issue 25 finding 5: each new workspace rewrote the account's whole membership list (5,000 creations took 304 s).
type OpenStorage = () => Promise<{ storage: Storage; close(): Promise<void> }>;
const backends: [string, OpenStorage][] = [
  ["file (LMDB)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "memberships-"));
    const storage = openEmbeddedStorage(dir, new SystemClock());
    return { storage, close: async () => { await storage.close(); rmSync(dir, { recursive: true, force: true }); } };
  }],
  ...(redisUrl ? [["redis", async () => {
    const url = redisUrl as string;
    const prefix = uniquePrefix("memberships");
    const storage = await openTestRedis(redisConfig(url, prefix), new SystemClock());
    return { storage, close: async () => { await storage.close(); await deleteKeysUnder(url, prefix); } };
  }] as [string, OpenStorage]] : []),
];
describe.each(backends)("a new membership on %s", (_label, open) => {
  it(`moves as many bytes as the first when the account already has ${MEMBERSHIPS.toLocaleString("en")}`, async () => {
    const { storage, close } = await open();
    try {
      const keyv = storage.keyv;
      const workspaces = new KeyvWorkspaceStore(keyv("workspaces"), keyv("workspace-members"), keyv("account-workspaces"));
      const traffic = await watchStorageTraffic(storage);
      // Same-length ids, so every membership serializes to the same size.
      const save = (i: number) => workspaces.saveMembership({ workspaceId: `ws_${String(i).padStart(6, "0")}`, accountId: "acct_big", role: "owner", createdAt: 1_000_000 + i });
      const moved = () => traffic.read.bytes + traffic.written.bytes;
      traffic.reset();
      await save(0);
      const first = moved();
      for (let i = 1; i < MEMBERSHIPS - 1; i += 200) await Promise.all(Array.from({ length: Math.min(200, MEMBERSHIPS - 1 - i) }, (_, j) => save(i + j)));
      traffic.reset();
      await save(MEMBERSHIPS - 1);
      expect(first).toBeGreaterThan(0);
      // A few bytes of slack: a count kept beside the set grows by digits, never by entries.
      expect(moved()).toBeLessThanOrEqual(first + 16);
      expect(await workspaces.listMemberships("acct_big")).toHaveLength(MEMBERSHIPS);
    } finally {
      await close();
    }
  });
});
