import { EventEmitter } from "node:events";
import { mkdirSync } from "node:fs";
import type { RootDatabase } from "lmdb";
import Keyv, { type KeyvStoreAdapter, type StoredData } from "keyv";
import { openShared } from "./lmdb-environments.ts";

/**
 * A Keyv store on LMDB: an embedded, crash-safe store that several processes can open at once,
 * so a key written by the CLI is visible to a running server without any server process.
 */
export class LmdbKeyvStore extends EventEmitter implements KeyvStoreAdapter {
  opts: { dialect: "lmdb"; url: string };
  namespace?: string;

  constructor(private readonly db: RootDatabase<string, string>, path: string) {
    super();
    this.opts = { dialect: "lmdb", url: path };
  }

  /**
   * Read as committed now, by whichever process committed it (as lmdbEntries reads): lmdb-js keeps its read snapshot
   * until a timer of its own resets it, and reads answered only through promises never let that timer run — a key the
   * CLI had just made once read as unknown for a whole burst of lookups in another process.
   */
  async get<Value>(key: string): Promise<StoredData<Value> | undefined> {
    this.db.resetReadTxn();
    return this.db.get(key) as StoredData<Value> | undefined;
  }

  async set(key: string, value: string): Promise<boolean> {
    // Keyv has already folded any TTL into the serialized value and checks it on read.
    return this.db.put(key, value);
  }

  async delete(key: string): Promise<boolean> {
    return this.db.remove(key);
  }

  async clear(): Promise<void> {
    const prefix = this.namespace ? `${this.namespace}:` : "";
    for (const { key } of this.db.getRange({ start: prefix })) {
      if (typeof key !== "string" || !key.startsWith(prefix)) break;
      await this.db.remove(key);
    }
  }

  async has(key: string): Promise<boolean> {
    return this.db.doesExist(key);
  }

  async *iterator<Value>(namespace?: string): AsyncGenerator<Array<string | Awaited<Value> | undefined>, void> {
    const prefix = namespace ? `${namespace}:` : "";
    for (const { key, value } of this.db.getRange({ start: prefix, snapshot: false })) {
      if (typeof key !== "string" || !key.startsWith(prefix)) break;
      yield [key, value as Awaited<Value>];
    }
  }

  async disconnect(): Promise<void> {
    // The root database is shared by every namespace; it is closed once by closeLmdb().
  }
}

/** One LMDB environment under `dir`, shared by every namespace of this process. */
export interface LmdbHandle {
  readonly db: RootDatabase<string, string>;
  readonly path: string;
  /** A Keyv over one namespace of the shared database, throwing on store errors (never silently empty). */
  keyv<T>(namespace: string): Keyv<T>;
  close(): Promise<void>;
}

/**
 * A handle on the environment under `dir` (`store.mdb`), opened once per process however many handles ask for it
 * (lmdb-environments.ts says why). The environment closes with its last handle.
 */
export function openLmdb(dir: string): LmdbHandle {
  mkdirSync(dir, { recursive: true });
  const path = `${dir}/store.mdb`;
  const { db, release } = openShared({ path });
  return {
    db,
    path,
    keyv<T>(namespace: string) {
      const keyv = new Keyv<T>({ store: new LmdbKeyvStore(db, path), namespace, throwOnErrors: true });
      return withIterator(keyv);
    },
    close: release,
  };
}

/** Keyv only wires `iterator()` for the adapters it knows by name; ours has one too. */
export function withIterator<T>(keyv: Keyv<T>): Keyv<T> {
  const store = keyv.store as KeyvStoreAdapter;
  if (!keyv.iterator && typeof store.iterator === "function") {
    keyv.iterator = keyv.generateIterator(store.iterator.bind(store));
  }
  return keyv;
}
