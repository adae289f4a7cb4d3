import type Keyv from "keyv";
import type { IndexEntry, PutOptions, SortedIndex } from "./sorted-index-types.ts";

/** Separates a set from its member in the Keyv key; never part of a set name (ids, "none"). */
const SEPARATOR = "\u0001";

/**
 * The fallback for a Keyv of one's own with no ordered reads: one record per entry (so a write stays one record),
 * but reads and trims scan the namespace. Correct on any backend that can iterate, bounded on none: a storage that
 * serves many workspaces should attach a real index (withSortedIndex), as the built-in LMDB and Redis storages do.
 */
export class KeyvScanIndex implements SortedIndex {
  constructor(private readonly keyv: Keyv<unknown>) {}

  async put(set: string, member: string, value: string, options: PutOptions = {}): Promise<boolean> {
    const key = `${set}${SEPARATOR}${member}`;
    if (options.maxCount !== undefined && !(await this.keyv.has(key)) && (await this.all(set)).length >= options.maxCount) return false;
    await this.keyv.set(key, value);
    if (options.keep !== undefined) {
      const entries = await this.all(set);
      for (const gone of entries.slice(0, Math.max(0, entries.length - options.keep))) await this.keyv.delete(`${set}${SEPARATOR}${gone.member}`);
    }
    return true;
  }

  async get(set: string, member: string): Promise<string | undefined> {
    const value = await this.keyv.get(`${set}${SEPARATOR}${member}`);
    return typeof value === "string" ? value : undefined;
  }

  async remove(set: string, member: string): Promise<void> {
    await this.keyv.delete(`${set}${SEPARATOR}${member}`);
  }

  async descending(set: string, limit: number, below?: string): Promise<IndexEntry[]> {
    const entries = await this.all(set);
    return entries.filter((entry) => below === undefined || entry.member < below).reverse().slice(0, limit);
  }

  async ascending(set: string, limit: number, above?: string): Promise<IndexEntry[]> {
    const entries = await this.all(set);
    return entries.filter((entry) => above === undefined || entry.member > above).slice(0, limit);
  }

  async all(set: string): Promise<IndexEntry[]> {
    if (!this.keyv.iterator) throw new Error("this Keyv store cannot list its entries");
    const prefix = `${set}${SEPARATOR}`;
    const entries: IndexEntry[] = [];
    for await (const [key, value] of this.keyv.iterator(undefined)) {
      const name = String(key);
      const at = name.indexOf(prefix);
      // Keyv hands some stores' keys back with their namespace in front.
      if (at >= 0 && typeof value === "string" && (at === 0 || name[at - 1] === ":")) entries.push({ member: name.slice(at + prefix.length), value });
    }
    return entries.sort((a, b) => (a.member < b.member ? -1 : a.member > b.member ? 1 : 0));
  }
}
