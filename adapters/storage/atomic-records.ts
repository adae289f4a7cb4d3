import type Keyv from "keyv";
import type { AtomicEntries } from "./atomic-entries.ts";

/** A record as stored (raw, in Keyv's format) and as read. */
export interface StoredRecord<T> {
  readonly raw: string;
  readonly value: T;
}

/**
 * One Keyv namespace whose records can also be changed atomically: reads and compare-and-set writes go to the raw
 * entries under the same keys and in the same format as Keyv's, so Keyv (listing, plain reads) sees the same records.
 */
export class AtomicRecords<T> {
  constructor(
    readonly keyv: Keyv<T>,
    private readonly entries: AtomicEntries,
    /** The full store key of a record is this prefix and its key. */
    private readonly prefix: string,
  ) {}

  /** The full store key of the record under `key`. */
  storeKey(key: string): string {
    return this.prefix + key;
  }

  /** The record as committed now (by any process), or undefined. */
  async read(key: string): Promise<StoredRecord<T> | undefined> {
    const raw = await this.entries.read(this.prefix + key);
    return raw === undefined ? undefined : { raw, value: await this.parse(raw) };
  }

  /** The raw entry only: comparing it with a remembered one tells whether the record changed, without parsing it. */
  readRaw(key: string): Promise<string | undefined> {
    return this.entries.read(this.prefix + key);
  }

  /**
   * Writes `value` when the record is still `expected` (its raw entry; undefined: absent); false otherwise. With
   * `ttlMs` the record expires as a Keyv TTL would (Keyv stops returning it; the storage drops it).
   */
  async write(key: string, expected: string | undefined, value: T, ttlMs?: number): Promise<boolean> {
    const { serialize } = this.keyv;
    if (!serialize) throw new Error("atomic records need Keyv's serializer");
    const ttl = ttlMs === undefined ? undefined : Math.max(1, Math.ceil(ttlMs));
    const raw = await serialize({ value, expires: ttl === undefined ? undefined : Date.now() + ttl });
    return this.entries.compareAndSet(this.prefix + key, expected, raw, ttl);
  }

  /** Stores `value` under `key` unless a record is there already, atomically: true when this call stored it. */
  claim(key: string, value: T): Promise<boolean> {
    return this.write(key, undefined, value);
  }

  async parse(raw: string): Promise<T> {
    const { deserialize } = this.keyv;
    if (!deserialize) throw new Error("atomic records need Keyv's serializer");
    const stored = (await deserialize(raw)) as { value?: T } | undefined;
    if (stored?.value === undefined) throw new Error(`a record under ${this.prefix} could not be read`);
    return stored.value;
  }
}
