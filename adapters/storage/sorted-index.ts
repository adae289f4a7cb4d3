import type Keyv from "keyv";
import { KeyvScanIndex } from "./keyv-scan-index.ts";
import type { IndexEntry, PutOptions, SortedIndex } from "./sorted-index-types.ts";

// The port apart from its lookup, so the fallback index can implement it without importing this file back.
export type { IndexEntry, PutOptions, SortedIndex } from "./sorted-index-types.ts";

const attached = new WeakMap<object, SortedIndex>();
const memoryIndexes = new WeakMap<object, MemorySortedIndex>();

/** Marks `keyv` as backed by `index` (its storage's native ordered reads); returns `keyv`. */
export function withSortedIndex<T>(keyv: Keyv<T>, index: SortedIndex): Keyv<T> {
  attached.set(keyv, index);
  return keyv;
}

/**
 * The sorted index living beside a Keyv namespace: the one its storage attached (LMDB, Redis), one in memory
 * for a Keyv over a Map, else a fallback that scans the namespace (a storage of one's own without ordered reads).
 */
export function sortedIndexOf(keyv: Keyv<unknown>): SortedIndex {
  const found = attached.get(keyv);
  if (found) return found;
  const store = keyv.store as unknown;
  if (store instanceof Map) {
    let memory = memoryIndexes.get(store);
    if (!memory) memoryIndexes.set(store, (memory = new MemorySortedIndex()));
    return memory;
  }
  const scan = new KeyvScanIndex(keyv);
  attached.set(keyv, scan);
  return scan;
}

/** The first position in sorted `members` whose member is not below `member`. */
export function lowerBound(members: readonly string[], member: string): number {
  let low = 0;
  let high = members.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (members[middle] < member) low = middle + 1;
    else high = middle;
  }
  return low;
}

interface MemorySet {
  readonly members: string[];
  readonly values: Map<string, string>;
}

/** One process's sets: a sorted array of members and a map of values; nothing awaits inside a call, so each is atomic. */
export class MemorySortedIndex implements SortedIndex {
  private readonly sets = new Map<string, MemorySet>();

  async put(set: string, member: string, value: string, options: PutOptions = {}): Promise<boolean> {
    let found = this.sets.get(set);
    if (!found) this.sets.set(set, (found = { members: [], values: new Map() }));
    if (!found.values.has(member)) {
      if (options.maxCount !== undefined && found.values.size >= options.maxCount) return false;
      found.members.splice(lowerBound(found.members, member), 0, member);
    }
    found.values.set(member, value);
    const over = options.keep === undefined ? 0 : found.members.length - options.keep;
    if (over > 0) for (const gone of found.members.splice(0, over)) found.values.delete(gone);
    return true;
  }

  async get(set: string, member: string): Promise<string | undefined> {
    return this.sets.get(set)?.values.get(member);
  }

  async remove(set: string, member: string): Promise<void> {
    const found = this.sets.get(set);
    if (!found?.values.delete(member)) return;
    found.members.splice(lowerBound(found.members, member), 1);
  }

  async descending(set: string, limit: number, below?: string): Promise<IndexEntry[]> {
    const found = this.sets.get(set);
    if (!found) return [];
    const end = below === undefined ? found.members.length : lowerBound(found.members, below);
    return found.members.slice(Math.max(0, end - limit), end).reverse().map((member) => this.entry(found, member));
  }

  async ascending(set: string, limit: number, above?: string): Promise<IndexEntry[]> {
    const found = this.sets.get(set);
    if (!found) return [];
    let start = above === undefined ? 0 : lowerBound(found.members, above);
    if (above !== undefined && found.members[start] === above) start += 1;
    return found.members.slice(start, start + limit).map((member) => this.entry(found, member));
  }

  async all(set: string): Promise<IndexEntry[]> {
    const found = this.sets.get(set);
    return found ? found.members.map((member) => this.entry(found, member)) : [];
  }

  private entry(found: MemorySet, member: string): IndexEntry {
    return { member, value: found.values.get(member) as string };
  }
}
