/** What a lookup by secret hash found: the record's id, its raw entry, and the entry parsed. */
export interface HashLookup<T> {
  readonly id: string;
  readonly raw: string;
  readonly value: T;
}

/**
 * Recent lookups by secret hash, bounded in size. Never a source of truth: a caller compares `raw` with the record
 * it has just read, and uses `value` only when they are the same.
 */
export class HashLookups<T> {
  private readonly byHash = new Map<string, HashLookup<T>>();

  constructor(private readonly maxEntries = 10_000) {}

  get(secretHash: string): HashLookup<T> | undefined {
    return this.byHash.get(secretHash);
  }

  remember(secretHash: string, lookup: HashLookup<T>): void {
    if (this.byHash.size >= this.maxEntries) this.byHash.clear();
    this.byHash.set(secretHash, lookup);
  }

  /** Drops every lookup of this record (all of its hashes): its next lookup reads everything again. */
  forgetId(id: string): void {
    for (const [hash, lookup] of this.byHash) if (lookup.id === id) this.byHash.delete(hash);
  }
}
