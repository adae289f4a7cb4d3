import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SystemClock } from "../../system.ts";
import { openEmbeddedStorage, openMemoryStorage, type Storage } from "../open-storage.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, redisConfig, uniquePrefix } from "./redis.ts";

/** Two handles on one backend, as two instances hold them (memory: one process, so the same handle twice). */
export interface SealingBackend {
  readonly one: Storage;
  readonly two: Storage;
  close(): Promise<void>;
}

const redisUrl = await findTestRedis();

/**
 * The backends the sealing decorators are proven on: memory, LMDB with two handles on one directory, and Redis with two
 * connections on one prefix when a test Redis runs (PostgreSQL: `adapters/cli/secrets.process.test.ts` reseals there).
 */
export const SEALING_BACKENDS: readonly (readonly [string, () => Promise<SealingBackend>])[] = [
  ["memory", async () => {
    const one = openMemoryStorage(new SystemClock());
    return { one, two: one, close: () => one.close() };
  }],
  ["embedded LMDB (two handles on one directory)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sealed-"));
    const [one, two] = [openEmbeddedStorage(dir, new SystemClock()), openEmbeddedStorage(dir, new SystemClock())];
    return { one, two, close: async () => { await two.close(); await one.close(); rmSync(dir, { recursive: true, force: true }); } };
  }],
  ...(redisUrl === undefined ? [] : [["Redis (two connections on one prefix)", async () => {
    const prefix = uniquePrefix("sealed");
    const [one, two] = [await openTestRedis(redisConfig(redisUrl, prefix), new SystemClock()), await openTestRedis(redisConfig(redisUrl, prefix), new SystemClock())];
    return { one, two, close: async () => { await two.close(); await one.close(); await deleteKeysUnder(redisUrl, prefix); } };
  }] as const]),
];

/** A fresh ENCRYPTION_KEY entry: 32 random bytes as base64. */
export const newEncryptionKey = (): string => randomBytes(32).toString("base64");
