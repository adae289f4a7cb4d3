import type { ApiKeyStore } from "../../application/ports.ts";
import { type ApiKey, hashSecret, revoke } from "../../domain/api-key.ts";
import { testApi } from "./test-api.ts";

/** One store under test, fresh and empty, and how to release it. */
export interface ApiKeyStoreSubject {
  readonly store: ApiKeyStore;
  /** A second store on the same backend (another process's view), where the backend is shared; else left out. */
  readonly other?: ApiKeyStore;
  close(): Promise<void>;
}

/** How many trials each race runs: a lost update shows in a few of them, rarely in one. */
const RACE_TRIALS = 25;

let sequence = 0;

/** A stored key with a unique id and hash. */
export function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  sequence += 1;
  const id = `key_contract${sequence}_${Math.random().toString(36).slice(2, 8)}`;
  return {
    id,
    name: `contract ${sequence}`,
    env: "development",
    prefix: "tk_dev_Abcd",
    secretHash: hashSecret(`secret of ${id}`),
    status: "active",
    policy: { limit: 60, windowMs: 60_000 },
    workspaceId: null,
    createdAt: Date.UTC(2026, 0, 1),
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

const byId = (a: ApiKey, b: ApiKey) => a.id.localeCompare(b.id);

/** The ApiKeyStore contract of application/ports.ts, run by every adapter's test (memory, LMDB, Redis). */
export function describeApiKeyStore(name: string, make: () => Promise<ApiKeyStoreSubject>): void {
  const { afterEach, beforeEach, describe, expect, it } = testApi();
  describe(`ApiKeyStore contract: ${name}`, () => {
    let subject: ApiKeyStoreSubject;
    beforeEach(async () => {
      subject = await make();
    });
    afterEach(async () => {
      await subject.close();
    });

    it("finds a saved key by its id and by its secret hash, field for field", async () => {
      const key = makeKey({ workspaceId: "ws_1", lastUsedAt: Date.UTC(2026, 0, 2) });
      await subject.store.save(key);
      expect(await subject.store.findById(key.id)).toEqual(key);
      expect(await subject.store.findByHash(key.secretHash)).toEqual(key);
    });

    it("answers undefined for an unknown id or hash", async () => {
      await subject.store.save(makeKey());
      expect(await subject.store.findById("key_unknown")).toBeUndefined();
      expect(await subject.store.findByHash(hashSecret("never issued"))).toBeUndefined();
    });

    it("changes a key through update, so both lookups and the list return the change", async () => {
      const key = makeKey();
      await subject.store.save(key);
      expect(await subject.store.findByHash(key.secretHash)).toEqual(key);
      const revoked = revoke(key, Date.UTC(2026, 0, 3));
      expect(await subject.store.update(key.id, () => revoked)).toEqual({ before: key, after: revoked });
      expect(await subject.store.findById(key.id)).toEqual(revoked);
      expect(await subject.store.findByHash(key.secretHash)).toEqual(revoked);
      expect(await subject.store.list()).toEqual([revoked]);
    });

    it("leaves the key as it is when the change returns nothing, and answers undefined for an unknown id", async () => {
      const key = makeKey();
      await subject.store.save(key);
      expect(await subject.store.update(key.id, () => undefined)).toEqual({ before: key, after: key });
      expect(await subject.store.update("key_unknown", () => key)).toBeUndefined();
      expect(await subject.store.findById(key.id)).toEqual(key);
    });

    it("refuses to save a second key under an id already taken, keeping the first", async () => {
      const key = makeKey();
      await subject.store.save(key);
      await expect(subject.store.save({ ...key, name: "impostor" })).rejects.toThrow();
      expect((await subject.store.findById(key.id))?.name).toBe(key.name);
    });

    it("indexes the new secret hash of an update and keeps the old one finding the key", async () => {
      const key = makeKey();
      await subject.store.save(key);
      const newHash = hashSecret(`rotated ${key.id}`);
      await subject.store.update(key.id, (current) => ({ ...current, secretHash: newHash, previousSecretHash: current.secretHash }));
      expect((await subject.store.findByHash(newHash))?.secretHash).toBe(newHash);
      expect((await subject.store.findByHash(key.secretHash))?.secretHash).toBe(newHash);
    });

    it("applies concurrent updates one after the other: none is lost (many trials)", async () => {
      const stores = [subject.store, subject.other ?? subject.store];
      for (let trial = 0; trial < RACE_TRIALS; trial++) {
        const key = makeKey({ policy: { limit: 1, windowMs: 60_000 } });
        await subject.store.save(key);
        const bump = (current: ApiKey): ApiKey => ({ ...current, policy: { ...current.policy, limit: current.policy.limit + 1 } });
        await Promise.all(Array.from({ length: 8 }, (_, i) => stores[i % 2].update(key.id, bump)));
        expect((await subject.store.findById(key.id))?.policy.limit).toBe(9);
      }
    });

    it("keeps a revocation that races an edit of the same key, whichever lands first (many trials)", async () => {
      const stores = [subject.store, subject.other ?? subject.store];
      for (let trial = 0; trial < RACE_TRIALS; trial++) {
        const key = makeKey();
        await subject.store.save(key);
        const [first, second] = trial % 2 === 0 ? stores : [...stores].reverse();
        await Promise.all([
          first.update(key.id, (current) => ({ ...current, name: `edited ${trial}` })),
          second.update(key.id, (current) => revoke(current, 1)),
          first.touch(key.id, Date.UTC(2026, 1, 1)),
        ]);
        const stored = await subject.store.findById(key.id);
        expect(stored).toMatchObject({ status: "revoked", name: `edited ${trial}` });
        expect((await stores[1].findByHash(key.secretHash))?.status).toBe("revoked");
      }
    });

    it("keeps the last use apart from the key's state, and shows the latest in findById and list", async () => {
      const key = makeKey();
      await subject.store.save(key);
      await subject.store.update(key.id, (current) => revoke(current, 7));
      await subject.store.touch(key.id, Date.UTC(2026, 2, 1));
      expect(await subject.store.findById(key.id)).toMatchObject({ status: "revoked", lastUsedAt: Date.UTC(2026, 2, 1) });
      expect(await subject.store.list()).toMatchObject([{ status: "revoked", lastUsedAt: Date.UTC(2026, 2, 1) }]);
    });

    it("shows a change made through another store on the same backend to the very next lookup", async () => {
      if (!subject.other) return;
      const key = makeKey();
      await subject.store.save(key);
      expect((await subject.store.findByHash(key.secretHash))?.status).toBe("active");
      await subject.other.update(key.id, (current) => revoke(current, 9));
      expect((await subject.store.findByHash(key.secretHash))?.status).toBe("revoked");
    });

    it("keeps keys apart: each hash finds its own key", async () => {
      const keys = [makeKey(), makeKey(), makeKey()];
      for (const key of keys) await subject.store.save(key);
      for (const key of keys) expect((await subject.store.findByHash(key.secretHash))?.id).toBe(key.id);
    });

    it("lists nothing when empty", async () => {
      expect(await subject.store.list()).toEqual([]);
    });

    it("lists every saved key exactly once and nothing else (no index entries)", async () => {
      const keys = [makeKey(), makeKey({ status: "revoked", revokedAt: 5 }), makeKey({ env: "production" })];
      for (const key of keys) await subject.store.save(key);
      await subject.store.update(keys[0].id, (current) => ({ ...current }));
      expect([...(await subject.store.list())].sort(byId)).toEqual([...keys].sort(byId));
    });

    it("lists a workspace's keys, and only those, when the store can list by workspace", async () => {
      const ours = [makeKey({ workspaceId: "ws_ours" }), makeKey({ workspaceId: "ws_ours" })];
      for (const key of [...ours, makeKey({ workspaceId: "ws_theirs" }), makeKey()]) await subject.store.save(key);
      await subject.store.update(ours[0].id, (current) => revoke(current, 3));
      const listed = await (subject.store.listByWorkspace?.("ws_ours") ?? subject.store.list());
      const mine = listed.filter((key) => key.workspaceId === "ws_ours");
      expect(mine.map((key) => key.id).sort()).toEqual(ours.map((key) => key.id).sort());
      expect(listed).toHaveLength(subject.store.listByWorkspace ? 2 : 4);
      expect(mine.find((key) => key.id === ours[0].id)?.status).toBe("revoked");
    });

    it("answers ping while the storage is reachable", async () => {
      await expect(subject.store.ping()).resolves.toBeUndefined();
    });
  });
}
