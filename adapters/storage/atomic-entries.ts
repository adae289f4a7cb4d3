import type { RootDatabase } from "lmdb";

/**
 * Raw entries (as a store holds them, already serialized) that can be changed atomically: what Keyv cannot do.
 * Every backend gives the same guarantee: `compareAndSet` writes only when no other writer, in this process or
 * another, changed the entry since it was read.
 */
export interface AtomicEntries {
  /** The entry under its full store key, or undefined. */
  read(key: string): Promise<string | undefined>;
  /** Writes `next` when the entry still holds `expected` (undefined: absent); false, writing nothing, otherwise. */
  compareAndSet(key: string, expected: string | undefined, next: string): Promise<boolean>;
}

/** Entries of a Map (the in-memory store): one process, and nothing awaits between the read and the write. */
export function mapEntries(map: Map<string, unknown>): AtomicEntries {
  return {
    read: async (key) => {
      const value = map.get(key);
      return typeof value === "string" ? value : undefined;
    },
    compareAndSet: async (key, expected, next) => {
      if (map.get(key) !== expected) return false;
      map.set(key, next);
      return true;
    },
  };
}

/**
 * Entries of the embedded LMDB environment: the compare and the write run in one synchronous write transaction, which
 * LMDB serializes across every process that opened the file (the server and the CLI).
 */
export function lmdbEntries(db: RootDatabase<string, string>): AtomicEntries {
  return {
    read: async (key) => {
      // lmdb-js keeps one read snapshot for the rest of the event-loop turn; a key's state must be read as committed
      // now, by whichever process committed it.
      db.resetReadTxn();
      return db.get(key) ?? undefined;
    },
    compareAndSet: async (key, expected, next) =>
      db.transactionSync(() => {
        if ((db.get(key) ?? undefined) !== expected) return false;
        db.putSync(key, next);
        return true;
      }),
  };
}
