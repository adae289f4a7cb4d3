import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SystemClock } from "../../system.ts";
import { openEmbeddedStorage, openMemoryStorage, type Storage } from "../open-storage.ts";

/** Two handles on one backend, as two instances hold them (memory: one process, so the same handle twice). */
export interface SealingBackend {
  readonly one: Storage;
  readonly two: Storage;
  close(): Promise<void>;
}

/** The backends the sealing decorators are proven on: memory, and LMDB with two handles on one directory. */
export const SEALING_BACKENDS: readonly (readonly [string, () => SealingBackend])[] = [
  ["memory", () => {
    const one = openMemoryStorage(new SystemClock());
    return { one, two: one, close: () => one.close() };
  }],
  ["embedded LMDB (two handles on one directory)", () => {
    const dir = mkdtempSync(join(tmpdir(), "sealed-"));
    const [one, two] = [openEmbeddedStorage(dir, new SystemClock()), openEmbeddedStorage(dir, new SystemClock())];
    return { one, two, close: async () => { await two.close(); await one.close(); rmSync(dir, { recursive: true, force: true }); } };
  }],
];

/** A fresh ENCRYPTION_KEY entry: 32 random bytes as base64. */
export const newEncryptionKey = (): string => randomBytes(32).toString("base64");
