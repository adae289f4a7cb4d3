import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AuditEvent } from "../../domain/audit.ts";
import { SystemClock } from "../system.ts";
import { describeAuditLog } from "./audit-log.contract.ts";
import { KeyvAuditLog } from "./keyv-audit-log.ts";
import { openEmbeddedStorage, openMemoryStorage, type Storage } from "./open-storage.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";
import { watchStorageTraffic } from "./testing/storage-traffic.ts";

const redisUrl = await findTestRedis();

/** The storage's own log, or one over its namespaces with a smaller retention. */
const logOf = (storage: Storage, retention?: number) => (retention === undefined ? storage.audit : new KeyvAuditLog(storage.keyv, { retention }));

async function openLmdbStorage() {
  const dir = mkdtempSync(join(tmpdir(), "audit-log-"));
  const storage = openEmbeddedStorage(dir, new SystemClock());
  return { storage, close: async () => { await storage.close(); rmSync(dir, { recursive: true, force: true }); } };
}

async function openRedis() {
  const url = redisUrl as string;
  const prefix = uniquePrefix("audit");
  const storage = await openTestRedis(redisConfig(url, prefix), new SystemClock());
  return { storage, close: async () => { await storage.close(); await deleteKeysUnder(url, prefix); } };
}

describeAuditLog("memory (Keyv over a Map)", async (options) => {
  const storage = openMemoryStorage(new SystemClock());
  return { log: logOf(storage, options?.retention), close: () => storage.close() };
});

describeAuditLog("file (Keyv over LMDB)", async (options) => {
  const { storage, close } = await openLmdbStorage();
  return { log: logOf(storage, options?.retention), close };
});

describe.skipIf(!redisUrl)("redis", () => {
  describeAuditLog("redis (Keyv over @keyv/redis)", async (options) => {
    const { storage, close } = await openRedis();
    return { log: logOf(storage, options?.retention), close };
  });
});

const EVENTS = 20_000;

/** `count` events of one workspace, one second apart, all the same shape (so every one serializes to the same size). */
function manyEvents(count: number): AuditEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `evt_${String(i).padStart(8, "0")}`,
    at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    type: "key.updated",
    actor: { accountId: "acct_00000001" },
    workspaceId: "ws_big",
    keyId: "key_00000001",
    changes: ["limit"],
  }));
}

// Issue 25 finding 4: one audit read loaded every event ever recorded (840 ms after 120,000 PATCHes).
const backends: [string, typeof openLmdbStorage][] = [["file (LMDB)", openLmdbStorage], ...(redisUrl ? [["redis", openRedis] as [string, typeof openRedis]] : [])];
describe.each(backends)("an audit page on %s", (_label, open) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it(`reads only its own events (at most limit + 1) out of ${EVENTS.toLocaleString("en")}`, async () => {
    const opened = await open();
    close = opened.close;
    const events = manyEvents(EVENTS);
    for (let i = 0; i < events.length; i += 1000) await Promise.all(events.slice(i, i + 1000).map((e) => opened.storage.audit.record(e)));
    const traffic = await watchStorageTraffic(opened.storage);
    const limit = 50;
    const page = await opened.storage.audit.list("ws_big", limit);
    expect(page.map((e) => e.id)).toEqual(events.slice(-limit).reverse().map((e) => e.id));
    // Each event read costs its serialized form and its position, whatever the layout: allow twice that, plus one.
    const perEvent = 2 * JSON.stringify(events[0]).length + 64;
    expect(traffic.read.bytes).toBeLessThanOrEqual((limit + 1) * perEvent);
    // …and the watch did see the page itself come in (so the bound above is not met by counting nothing).
    expect(traffic.read.bytes).toBeGreaterThanOrEqual(limit * JSON.stringify(events[0]).length);
  });
});
