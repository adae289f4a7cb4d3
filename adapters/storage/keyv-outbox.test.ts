import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Keyv from "keyv";
import { afterEach, describe, expect, it } from "vitest";
import { SystemClock } from "../system.ts";
import { KeyvOutbox } from "./keyv-outbox.ts";
import { KeyvScanIndex } from "./keyv-scan-index.ts";
import { KeyvWebhookStore, type StoredWebhook } from "./keyv-webhook-store.ts";
import { openEmbeddedStorage, openMemoryStorage, type Storage } from "./open-storage.ts";
import { DUE_SET, positionOf, type StoredItem } from "./outbox-listings.ts";
import { describeOutbox, makeOutboxItem } from "./outbox.contract.ts";
import { MemorySortedIndex, type SortedIndex, sortedIndexOf } from "./sorted-index.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";
import { makeWebhook } from "./webhook-store.contract.ts";

const redisUrl = await findTestRedis();
const T0 = Date.UTC(2026, 0, 1);

type Open = () => Promise<{ storage: Storage; close(): Promise<void> }>;
const backends: [string, Open][] = [
  ["memory", async () => {
    const storage = openMemoryStorage(new SystemClock());
    return { storage, close: () => storage.close() };
  }],
  ["LMDB", async () => {
    const dir = mkdtempSync(join(tmpdir(), "keyv-outbox-"));
    const storage = openEmbeddedStorage(dir, new SystemClock());
    return { storage, close: async () => { await storage.close(); rmSync(dir, { recursive: true, force: true }); } };
  }],
  ...(redisUrl ? [["Redis", async () => {
    const prefix = uniquePrefix("keyv-outbox");
    const storage = await openTestRedis(redisConfig(redisUrl, prefix), new SystemClock());
    return { storage, close: async () => { await storage.close(); await deleteKeysUnder(redisUrl, prefix); } };
  }] as [string, Open]] : []),
];

/** `target` whose method named in `failing` rejects once (and is taken off the set): the process dies at that call. */
function dyingAt<T extends object>(target: T, failing: Set<string>): T {
  return new Proxy(target, {
    get: (object, key) => {
      const value = Reflect.get(object, key);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => (failing.delete(String(key)) ? Promise.reject(new Error(`died at ${String(key)}`)) : value.apply(object, args));
    },
  });
}

const dueMembers = async (index: SortedIndex) => (await index.ascending(DUE_SET, 100)).map((entry) => entry.member);

describe.each(backends)("a process dying between two writes, on %s", (_label, open) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** Outboxes on one backend: one that dies where told, one that leaves young garbage alone, one that drops all of it. */
  async function outboxes() {
    const opened = await open();
    close = opened.close;
    const records = opened.storage.atomic<StoredItem>("outbox");
    const index = sortedIndexOf(opened.storage.keyv("outbox-index"));
    const failing = new Set<string>();
    const dying = new KeyvOutbox(dyingAt(records, failing), dyingAt(index, failing));
    return { storage: opened.storage, failing, index, dying, patient: new KeyvOutbox(records, index), sweeping: new KeyvOutbox(records, index, { staleAfterMs: 0 }) };
  }

  it("an add that died before its record: nothing to claim, its entry dropped once old enough, adding again works", async () => {
    const { failing, index, dying, patient, sweeping } = await outboxes();
    const item = makeOutboxItem();
    failing.add("write");
    await expect(dying.add([item])).rejects.toThrow();
    expect(await patient.claim(T0, 10, 1000, "a")).toEqual([]);
    // Left while young: another writer may still be between its entry and its record.
    expect(await dueMembers(index)).toEqual([positionOf(T0, item.id)]);
    expect(await sweeping.claim(T0, 10, 1000, "a")).toEqual([]);
    expect(await dueMembers(index)).toEqual([]);
    await patient.add([item]);
    expect(await patient.claim(T0, 10, 1000, "a")).toEqual([{ ...item, leaseOwner: "a", leaseUntil: T0 + 1000 }]);
  });

  it("a settle that died after its record, before moving its entry: due at its new time only", async () => {
    const { failing, index, dying, patient, sweeping } = await outboxes();
    const item = makeOutboxItem();
    await patient.add([item]);
    await patient.claim(T0, 1, 60_000, "a");
    failing.add("remove");
    await expect(dying.settle(item.id, "a", { ...item, attempts: 1, nextAttemptAt: T0 + 5000 })).rejects.toThrow();
    expect(await patient.find(item.id)).toEqual({ ...item, attempts: 1, nextAttemptAt: T0 + 5000 });
    expect(await dueMembers(index)).toEqual([positionOf(T0, item.id), positionOf(T0 + 5000, item.id)]);
    expect(await sweeping.claim(T0 + 4999, 10, 1000, "b")).toEqual([]);
    expect(await dueMembers(index)).toEqual([positionOf(T0 + 5000, item.id)]);
    expect((await patient.claim(T0 + 5000, 10, 1000, "b")).map((i) => i.id)).toEqual([item.id]);
  });

  it("a removal that died after marking its record: gone at once for find, claim, page and update", async () => {
    const { failing, dying, patient } = await outboxes();
    const item = makeOutboxItem({ log: "wh_gone" });
    await patient.add([item]);
    await patient.claim(T0, 1, 60_000, "a");
    failing.add("remove");
    await expect(dying.settle(item.id, "a", null)).rejects.toThrow();
    expect(await patient.find(item.id)).toBeUndefined();
    expect(await patient.claim(T0 + 86_400_000, 10, 1000, "b")).toEqual([]);
    expect(await patient.page("wh_gone", { limit: 10 })).toEqual({ items: [], next: undefined });
    expect(await patient.update(item.id, (i) => i)).toBeUndefined();
    expect(await patient.settle(item.id, "a", null)).toBe(false);
  });

  it("a webhook create that died before its record holds no place under the cap once old enough", async () => {
    const { storage } = await outboxes();
    const [records, index, failing] = [storage.atomic<StoredWebhook>("webhooks"), sortedIndexOf(storage.keyv("webhook-workspaces")), new Set(["write"])];
    await expect(new KeyvWebhookStore(dyingAt(records, failing), index).create(makeWebhook({ workspaceId: "ws_dead" }), 3)).rejects.toThrow();
    const [patient, sweeping] = [new KeyvWebhookStore(records, index), new KeyvWebhookStore(records, index, { staleAfterMs: 0 })];
    for (let n = 0; n < 2; n++) expect(await patient.create(makeWebhook({ workspaceId: "ws_dead" }), 3)).toBe(true);
    expect(await patient.create(makeWebhook({ workspaceId: "ws_dead" }), 3)).toBe(false);
    expect(await sweeping.create(makeWebhook({ workspaceId: "ws_dead" }), 3)).toBe(true);
    expect(await patient.listByWorkspace("ws_dead")).toHaveLength(3);
  });
});

/** Every kind of sorted index, empty. */
const indexes: [string, () => Promise<{ index: SortedIndex; close(): Promise<void> }>][] = [
  ["memory", async () => ({ index: new MemorySortedIndex(), close: async () => {} })],
  ["a Keyv scan (a storage of one's own)", async () => ({ index: new KeyvScanIndex(new Keyv({ store: new Map() })), close: async () => {} })],
  ...backends.slice(1).map(([label, open]): [string, () => Promise<{ index: SortedIndex; close(): Promise<void> }>] => [label, async () => {
    const { storage, close } = await open();
    return { index: sortedIndexOf(storage.keyv("ascending")), close };
  }]),
];

describe.each(indexes)("SortedIndex.ascending on %s", (_label, open) => {
  it("reads at most limit entries, lowest first, strictly above the cursor", async () => {
    const { index, close } = await open();
    try {
      for (const member of ["b", "a", "d", "c", "e", "bb"]) await index.put("s", member, `v${member}`);
      await index.put("other", "a0", "x");
      expect(await index.ascending("s", 3)).toEqual([{ member: "a", value: "va" }, { member: "b", value: "vb" }, { member: "bb", value: "vbb" }]);
      expect((await index.ascending("s", 2, "bb")).map((e) => e.member)).toEqual(["c", "d"]);
      expect((await index.ascending("s", 10, "b0")).map((e) => e.member)).toEqual(["bb", "c", "d", "e"]);
      expect(await index.ascending("s", 10, "e")).toEqual([]);
      expect(await index.ascending("none", 10)).toEqual([]);
    } finally {
      await close();
    }
  });
});

// Two instances' views of one store of one's own without ordered reads: a Keyv over one Map, read by scanning it.
describeOutbox("a Keyv-scan index (a storage without ordered reads, two views)", async (options) => {
  const [storage, store] = [openMemoryStorage(new SystemClock()), new Map<string, unknown>()];
  const outboxOn = () => new KeyvOutbox(storage.atomic<StoredItem>("outbox"), new KeyvScanIndex(new Keyv({ store, namespace: "outbox-index" })), options);
  return { outbox: outboxOn(), other: outboxOn(), close: () => storage.close() };
});
