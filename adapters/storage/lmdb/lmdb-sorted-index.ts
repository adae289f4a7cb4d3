import type { RootDatabase } from "lmdb";
import type { IndexEntry, PutOptions, SortedIndex } from "../sorted-index.ts";

/**
 * Sorted sets in the embedded LMDB environment: one key per entry, `<namespace>\x05<set>\x05<member>` (no character
 * below \x05: lmdb-js's key encoding escapes \x00-\x04 in keys shorter than 64 characters and not in longer ones, so a
 * longer key holding one falls outside the range its shorter bounds name), so a set is
 * one contiguous key range that a page reads with a bounded cursor, and one count key per set (`<namespace>\x07<set>`)
 * that retention and caps read instead of counting. Keyv's own keys (`<namespace>:<key>`) never fall in these ranges.
 * Writes run in one LMDB write transaction, serialized across every process that opened the file (server and CLI).
 */
export class LmdbSortedIndex implements SortedIndex {
  constructor(
    private readonly db: RootDatabase<string, string>,
    private readonly namespace: string,
  ) {}

  put(set: string, member: string, value: string, options: PutOptions = {}): Promise<boolean> {
    const key = this.first(set) + member;
    const countKey = `${this.namespace}\u0007${set}`;
    return this.db.transaction(() => {
      const isNew = this.db.get(key) === undefined;
      let count = Number(this.db.get(countKey) ?? 0);
      if (isNew && options.maxCount !== undefined && count >= options.maxCount) return false;
      this.db.put(key, value);
      if (isNew) count += 1;
      const over = options.keep === undefined ? 0 : count - options.keep;
      if (over > 0) {
        for (const { key: gone } of this.db.getRange({ start: this.first(set), end: this.past(set), limit: over })) this.db.remove(gone);
        count -= over;
      }
      if (isNew || over > 0) this.db.put(countKey, String(count));
      return true;
    });
  }

  async get(set: string, member: string): Promise<string | undefined> {
    return this.db.get(this.first(set) + member) ?? undefined;
  }

  remove(set: string, member: string): Promise<void> {
    const key = this.first(set) + member;
    const countKey = `${this.namespace}\u0007${set}`;
    return this.db.transaction(() => {
      if (this.db.get(key) === undefined) return;
      this.db.remove(key);
      this.db.put(countKey, String(Math.max(0, Number(this.db.get(countKey) ?? 1) - 1)));
    });
  }

  async descending(set: string, limit: number, below?: string): Promise<IndexEntry[]> {
    // Reverse ranges start inclusive: the cursor's own entry is read (one more) and skipped.
    const start = below === undefined ? this.past(set) : this.first(set) + below;
    const entries: IndexEntry[] = [];
    for (const { key, value } of this.db.getRange({ start, end: this.first(set), reverse: true, limit: limit + 1 })) {
      if (key === start) continue;
      if (entries.length === limit) break;
      entries.push({ member: key.slice(this.first(set).length), value });
    }
    return entries;
  }

  async ascending(set: string, limit: number, above?: string): Promise<IndexEntry[]> {
    // Ranges start inclusive: the cursor's own entry, when present, is read (one more) and skipped.
    const start = this.first(set) + (above ?? "");
    const entries: IndexEntry[] = [];
    for (const { key, value } of this.db.getRange({ start, end: this.past(set), limit: limit + 1 })) {
      if (above !== undefined && key === start) continue;
      if (entries.length === limit) break;
      entries.push({ member: key.slice(this.first(set).length), value });
    }
    return entries;
  }

  async all(set: string): Promise<IndexEntry[]> {
    const prefix = this.first(set);
    return this.db.getRange({ start: prefix, end: this.past(set) }).map(({ key, value }) => ({ member: key.slice(prefix.length), value })).asArray;
  }

  /** The lowest key of the set's range (every member key starts with it). */
  private first(set: string): string {
    return `${this.namespace}\u0005${set}\u0005`;
  }

  /** Just past the set's range. */
  private past(set: string): string {
    return `${this.namespace}\u0005${set}\u0006`;
  }
}
