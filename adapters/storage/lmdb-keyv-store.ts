import { EventEmitter } from "node:events";
import { resolve } from "node:path";
import { mkdirSync } from "node:fs";
import { open, type RootDatabase } from "lmdb";
import Keyv, { type KeyvStoreAdapter, type StoredData } from "keyv";

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

  async get<Value>(key: string): Promise<StoredData<Value> | undefined> {
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

/** The environments this process has open, by file, with how many handles use each. */
const environments = new Map<string, { readonly db: RootDatabase<string, string>; users: number }>();

/**
 * A handle on the environment under `dir`. A process opens each file once, as LMDB requires, however many handles ask
 * for it: two environments on one file in one process deadlock when one's asynchronous transaction holds the file's
 * write lock waiting for this thread while the other's synchronous transaction waits on this thread for the lock.
 * The environment closes with its last handle.
 */
export function openLmdb(dir: string): LmdbHandle {
  mkdirSync(dir, { recursive: true });
  const path = `${dir}/store.mdb`;
  const file = resolve(path);
  let shared = environments.get(file);
  if (!shared) environments.set(file, (shared = { db: open<string, string>({ path, encoding: "string", compression: false }), users: 0 }));
  shared.users += 1;
  const { db } = shared;
  let closed = false;
  return {
    db,
    path,
    keyv<T>(namespace: string) {
      const keyv = new Keyv<T>({ store: new LmdbKeyvStore(db, path), namespace, throwOnErrors: true });
      return withIterator(keyv);
    },
    close: async () => {
      if (closed || !shared) return;
      closed = true;
      shared.users -= 1;
      if (shared.users > 0) return;
      environments.delete(file);
      await db.close();
    },
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
