import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hashSecret, revoke, rotate } from "../../../domain/api-key.ts";
import { makeKey } from "../api-key-store.contract.ts";
import type { Storage } from "../storage.ts";
import { openEmbeddedStorage } from "./embedded-storage.ts";
import { openLmdb } from "./lmdb-keyv-store.ts";

const HOUR_MS = 3_600_000;
const dirs: string[] = [];
const opened: Storage[] = [];

function open(): { storage: Storage; dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), "counted-reads-"));
  dirs.push(dataDir);
  const storage = openEmbeddedStorage(dataDir);
  opened.push(storage);
  return { storage, dataDir };
}

afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded store's counted key reads (the record and the unit in one pass a turn)", () => {
  it("gives each read of one turn its own count, in the key's window, on the counter the rate limiter uses", async () => {
    const { storage } = open();
    const key = makeKey({ policy: { limit: 1_000, windowMs: HOUR_MS } });
    await storage.keys.save(key);
    const reads = await Promise.all(Array.from({ length: 25 }, () => storage.keys.findByHashCounting?.(key.secretHash)));
    expect(reads.map((read) => read?.key.id)).toEqual(Array(25).fill(key.id));
    expect(reads.map((read) => read?.hit?.count).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect((await storage.limits.peek(key.id, HOUR_MS)).count).toBe(25);
    expect((await storage.limits.hit(key.id, HOUR_MS)).count).toBe(26);
  });

  it("stops the stored count at limit + 1: a read past it is refused (one more than stored) and writes nothing", async () => {
    const { storage } = open();
    const key = makeKey({ policy: { limit: 3, windowMs: HOUR_MS } });
    await storage.keys.save(key);
    const read = () => storage.keys.findByHashCounting?.(key.secretHash);
    const counts: (number | undefined)[] = [];
    for (let i = 0; i < 5; i++) counts.push((await read())?.hit?.count);
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    const together = await Promise.all(Array.from({ length: 10 }, read));
    expect(together.every((found) => found?.hit?.count === 5)).toBe(true);
    expect((await storage.limits.peek(key.id, HOUR_MS)).count).toBe(4);
  });

  it("counts nothing for a revoked key or a rotated-away secret, and finds nothing for an unknown hash", async () => {
    const { storage } = open();
    const revoked = makeKey();
    const rotated = makeKey();
    await storage.keys.save(revoked);
    await storage.keys.save(rotated);
    await storage.keys.update(revoked.id, (key) => revoke(key, Date.now()));
    await storage.keys.update(rotated.id, (key) => rotate(key, hashSecret(`new secret of ${key.id}`), key.prefix, Date.now(), 60_000));
    const [ofRevoked, ofOldSecret, unknown] = await Promise.all([
      storage.keys.findByHashCounting?.(revoked.secretHash),
      storage.keys.findByHashCounting?.(rotated.secretHash),
      storage.keys.findByHashCounting?.(hashSecret("never issued")),
    ]);
    expect(ofRevoked).toEqual({ key: expect.objectContaining({ id: revoked.id, status: "revoked" }) });
    expect(ofOldSecret).toEqual({ key: expect.objectContaining({ id: rotated.id, status: "active" }) });
    expect(unknown).toBeUndefined();
    expect((await storage.limits.peek(revoked.id, 60_000)).count).toBe(0);
    expect((await storage.limits.peek(rotated.id, 60_000)).count).toBe(0);
  });

  it("renews the read snapshot once for all the reads of a turn, not once a read", async () => {
    const { storage, dataDir } = open();
    const keys = Array.from({ length: 8 }, () => makeKey({ policy: { limit: 100, windowMs: HOUR_MS } }));
    for (const key of keys) await storage.keys.save(key);
    // The environment is shared within the process (lmdb-environments.ts): this is the store's own handle.
    const handle = openLmdb(dataDir);
    const { db } = handle;
    const reset = db.resetReadTxn.bind(db);
    let resets = 0;
    db.resetReadTxn = () => {
      resets += 1;
      reset();
    };
    try {
      // A hash not seen before is looked up in the index, read as committed (a renewal of its own): the turn measured
      // is one of keys already known, as nearly every request's is.
      await Promise.all(keys.map((key) => storage.keys.findByHashCounting?.(key.secretHash)));
      resets = 0;
      const reads = await Promise.all(keys.flatMap((key) => [key, key].map((k) => storage.keys.findByHashCounting?.(k.secretHash))));
      expect(reads.every((read) => read?.hit !== undefined)).toBe(true);
      expect(resets).toBe(1);
    } finally {
      db.resetReadTxn = reset;
      await handle.close();
    }
  });

  it("fails the reads of a turn with StorageUnavailableError once the store is closed, never hangs them", async () => {
    const { storage } = open();
    const key = makeKey();
    await storage.keys.save(key);
    opened.splice(opened.indexOf(storage), 1);
    await storage.close();
    await expect(storage.keys.findByHashCounting?.(key.secretHash)).rejects.toMatchObject({ name: "StorageUnavailableError" });
  });
});
