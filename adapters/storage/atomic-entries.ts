/**
 * Raw entries (as a store holds them, already serialized) that can be changed atomically: what Keyv cannot do.
 * Every backend gives the same guarantee: `compareAndSet` writes only when no other writer, in this process or
 * another, changed the entry since it was read.
 */
export interface AtomicEntries {
  /** The entry under its full store key, or undefined. */
  read(key: string): Promise<string | undefined>;
  /**
   * Writes `next` when the entry still holds `expected` (undefined: absent); false, writing nothing, otherwise. With
   * `ttlMs`, a backend with expiry of its own (Redis) drops the entry after that long; others rely on Keyv's `expires`.
   */
  compareAndSet(key: string, expected: string | undefined, next: string, ttlMs?: number): Promise<boolean>;
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
