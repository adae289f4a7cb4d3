import type { RootDatabase } from "lmdb";
import type { AtomicEntries } from "../atomic-entries.ts";

/**
 * Entries of the embedded LMDB environment: the compare and the write run in one synchronous write transaction, which
 * LMDB serializes across every process that opened the file (the server and the CLI).
 */
export function lmdbEntries(db: RootDatabase<string, string>): AtomicEntries {
  return {
    read: (key) => {
      // lmdb-js keeps one read snapshot for the rest of the event-loop turn; a key's state must be read as committed
      // now, by whichever process committed it. Not an async function: one promise less on every request's path.
      try {
        db.resetReadTxn();
        return Promise.resolve(db.get(key) ?? undefined);
      } catch (error) {
        return Promise.reject(error);
      }
    },
    compareAndSet: async (key, expected, next) =>
      db.transactionSync(() => {
        if ((db.get(key) ?? undefined) !== expected) return false;
        db.putSync(key, next);
        return true;
      }),
  };
}
