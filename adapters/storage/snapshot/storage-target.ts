import type Keyv from "keyv";
import type { AtomicRecords } from "../atomic-records.ts";
import type { Storage } from "../open-storage.ts";
import { sortedIndexOf, type SortedIndex } from "../sorted-index.ts";
import { canonicalJson, type ExportEntry, type IndexEntry, type RecordEntry, type UsageEntry, type WriteOutcome } from "./export-format.ts";
import { decodeKeyvEntry } from "./keyv-entry.ts";

/**
 * Writes export entries into any Storage through its own ports (atomic records, sorted indexes, usage), so every
 * backend, PostgreSQL included, imports with this one writer. Idempotent: an entry already there as in the file is
 * left alone; a record or index value that differs is kept as the target holds it and reported as a conflict; usage
 * counters are merged, each becoming the larger of the two (so a second import adds nothing).
 */
export class StorageTarget {
  private readonly records = new Map<string, AtomicRecords<unknown>>();
  private readonly indexes = new Map<string, SortedIndex>();

  constructor(private readonly storage: Storage, private readonly now: () => number = Date.now) {}

  write(entry: ExportEntry): Promise<WriteOutcome> {
    if (entry.kind === "record") return this.writeRecord(entry);
    if (entry.kind === "index") return this.writeIndex(entry);
    return this.writeUsage(entry);
  }

  private async writeRecord(entry: RecordEntry): Promise<WriteOutcome> {
    const records = this.recordsOf(entry.namespace);
    for (;;) {
      const ttlMs = entry.expiresAt === undefined ? undefined : entry.expiresAt - this.now();
      // Expired since the export: the source would not serve it either.
      if (ttlMs !== undefined && ttlMs <= 0) return "unchanged";
      const raw = await records.readRaw(entry.key);
      const current = raw === undefined ? undefined : await decodeKeyvEntry(raw);
      const live = current && (current.expiresAt === undefined || current.expiresAt > this.now());
      if (live && canonicalJson(current.value) === canonicalJson(entry.value)) return "unchanged";
      if (live) return "conflict";
      // Compare-and-set against what was read: a record written meanwhile is never overwritten.
      if (await records.write(entry.key, raw, entry.value, ttlMs)) return "written";
    }
  }

  private async writeIndex(entry: IndexEntry): Promise<WriteOutcome> {
    const index = this.indexOf(entry.namespace);
    const current = await index.get(entry.set, entry.member);
    if (current === entry.value) return "unchanged";
    if (current !== undefined) return "conflict";
    await index.put(entry.set, entry.member, entry.value);
    return "written";
  }

  private async writeUsage(entry: UsageEntry): Promise<WriteOutcome> {
    if (entry.expiresAt <= this.now()) return "unchanged";
    const [current] = await this.storage.usage.read(entry.scope, entry.granularity, [entry.at]);
    const missing = new Map<string, number>();
    for (const [field, count] of Object.entries(entry.counts)) {
      const have = current?.get(field) ?? 0;
      if (count > have) missing.set(field, count - have);
    }
    if (missing.size === 0) return "unchanged";
    await this.storage.usage.add([{ scope: entry.scope, granularity: entry.granularity, at: entry.at, expiresAt: entry.expiresAt, fields: missing }]);
    return "written";
  }

  private recordsOf(namespace: string): AtomicRecords<unknown> {
    let found = this.records.get(namespace);
    if (!found) this.records.set(namespace, (found = this.storage.atomic<unknown>(namespace)));
    return found;
  }

  private indexOf(namespace: string): SortedIndex {
    let found = this.indexes.get(namespace);
    if (!found) this.indexes.set(namespace, (found = sortedIndexOf(this.storage.keyv<unknown>(namespace) as Keyv<unknown>)));
    return found;
  }
}
