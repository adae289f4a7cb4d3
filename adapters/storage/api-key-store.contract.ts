import type { ApiKeyStore } from "../../application/ports.ts";
import { type ApiKey, hashSecret, revoke } from "../../domain/api-key.ts";
import { testApi } from "./test-api.ts";

/** One store under test, fresh and empty, and how to release it. */
export interface ApiKeyStoreSubject {
  readonly store: ApiKeyStore;
  close(): Promise<void>;
}

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

    it("replaces a key saved again under the same id, so a revocation is what both lookups return", async () => {
      const key = makeKey();
      await subject.store.save(key);
      expect(await subject.store.findByHash(key.secretHash)).toEqual(key);
      const revoked = revoke(key, Date.UTC(2026, 0, 3));
      await subject.store.save(revoked);
      expect(await subject.store.findById(key.id)).toEqual(revoked);
      expect(await subject.store.findByHash(key.secretHash)).toEqual(revoked);
      expect(await subject.store.list()).toEqual([revoked]);
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
      await subject.store.save(keys[0]);
      expect([...(await subject.store.list())].sort(byId)).toEqual([...keys].sort(byId));
    });

    it("answers ping while the storage is reachable", async () => {
      await expect(subject.store.ping()).resolves.toBeUndefined();
    });
  });
}
