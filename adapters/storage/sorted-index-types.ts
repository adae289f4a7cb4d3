/** One member of a set and the value stored under it. */
export interface IndexEntry {
  readonly member: string;
  readonly value: string;
}

/** What a put may also do in the same atomic step. */
export interface PutOptions {
  /** Keep at most this many members: the lowest ones beyond it are removed (retention, paid by the writer). */
  readonly keep?: number;
  /** Refuse (false, nothing stored) to add a new member once the set holds this many; replacing one is always allowed. */
  readonly maxCount?: number;
}

/**
 * Named sets of members, each with a string value, read in member order (byte order: members are ASCII). What
 * Keyv cannot do: a page read touches only the entries it returns, and a write touches only its own entry, however
 * large the set grows. LMDB keeps one key per entry (range reads), Redis a sorted set and a hash per set, memory
 * a sorted array per set. Every method throws when the backend cannot be reached.
 */
export interface SortedIndex {
  /** Stores `value` under `member` (replacing), atomically with the options' trim or refusal. */
  put(set: string, member: string, value: string, options?: PutOptions): Promise<boolean>;
  /** The value under `member`, or undefined. */
  get(set: string, member: string): Promise<string | undefined>;
  /** Removes `member` and its value; a no-op when absent. */
  remove(set: string, member: string): Promise<void>;
  /** At most `limit` entries, highest member first, every one below `below` when given. */
  descending(set: string, limit: number, below?: string): Promise<IndexEntry[]>;
  /** At most `limit` entries, lowest member first, every one above `above` when given. */
  ascending(set: string, limit: number, above?: string): Promise<IndexEntry[]>;
  /** Every entry of the set, lowest member first. */
  all(set: string): Promise<IndexEntry[]>;
}
