import type Keyv from "keyv";
import type { ApiKeyStore, CountedKey, KeyUpdate } from "../../application/ports.ts";
import type { ApiKey } from "../../domain/api-key.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";
import type { AtomicRecords } from "./atomic-records.ts";
import type { CountedKeyReads } from "./counted-key-reads.ts";
import { HashLookups } from "./hash-lookups.ts";
import type { SortedIndex } from "./sorted-index.ts";

/** Where the workspace index records that keys stored before it existed were indexed (not a workspace id). */
const INDEX_MARKER_SET = "~meta";
const INDEX_MARKER = "older-keys-indexed";
/** How many times a change is retried against newer versions before it is taken for a bug (a livelock). */
const MAX_UPDATE_ATTEMPTS = 100;

/** The namespaces and the raw access a KeyvApiKeyStore is made of. */
export interface ApiKeyStoreParts {
  /** The keys by id, changed only by compare-and-set. */
  readonly records: AtomicRecords<ApiKey>;
  /** Secret hash → key id, for every hash a key ever had (a rotated-away one is refused by the key's own state). */
  readonly hashes: Keyv<string>;
  /** Key id → when it was last used: bookkeeping kept apart so that it never writes a key's state. */
  readonly lastUsed: Keyv<number>;
  /** Workspace id → its key ids, so a workspace's list reads its own keys only, however many others there are. */
  readonly byWorkspace?: SortedIndex;
  /** The record read and the key's unit counted at once; without it the store offers no findByHashCounting. */
  readonly countedReads?: CountedKeyReads;
}

/**
 * Keys as plain records on any Keyv backend, changed only by compare-and-set on their raw entry, so concurrent
 * changes from any process end as if run one after the other. Every lookup reads the key's record, so a change made
 * by any instance is seen by the next request; what a lookup remembers (hash → id and the parsed record) only saves
 * the index read and the parse while the record stays the same.
 */
export class KeyvApiKeyStore implements ApiKeyStore {
  private readonly lookups = new HashLookups<ApiKey>();
  private olderKeysIndexed: Promise<void> | undefined;
  /** Present when the backend reads a key and counts its unit in one operation (`parts.countedReads`). */
  readonly findByHashCounting?: (secretHash: string) => Promise<CountedKey | undefined>;

  constructor(private readonly parts: ApiKeyStoreParts) {
    const reads = parts.countedReads;
    if (reads) this.findByHashCounting = (secretHash) => this.findCounting(secretHash, reads);
  }

  save(key: ApiKey): Promise<void> {
    const created = guardStorage("save", async () => {
      // The indexes go first: a record is only ever findable once its hash resolves to it (and listed once indexed).
      await this.parts.hashes.set(key.secretHash, key.id);
      if (key.workspaceId !== null) await this.parts.byWorkspace?.put(key.workspaceId, key.id, "");
      return this.parts.records.claim(key.id, key);
    });
    return created.then((done) => {
      if (!done) throw new Error(`a key with id ${key.id} already exists`);
    });
  }

  update(id: string, change: (current: ApiKey) => ApiKey | undefined): Promise<KeyUpdate | undefined> {
    return guardStorage("update", async () => {
      const { records, hashes } = this.parts;
      for (let attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
        const stored = await records.read(id);
        if (stored === undefined) return undefined;
        const before = stored.value;
        const after = change(before);
        if (after === undefined || after === before) return { before, after: before };
        if (after.id !== id) throw new Error(`a change may not give key ${id} another id (${after.id})`);
        if (after.secretHash !== before.secretHash) await hashes.set(after.secretHash, id);
        if (await records.write(id, stored.raw, after)) {
          this.lookups.forgetId(id);
          return { before, after };
        }
      }
      throw new Error(`key ${id} kept changing: ${MAX_UPDATE_ATTEMPTS} attempts to change it lost to other writers`);
    });
  }

  touch(id: string, at: number): Promise<void> {
    return guardStorage("touch", async () => {
      await this.parts.lastUsed.set(id, at);
    });
  }

  findById(id: string): Promise<ApiKey | undefined> {
    return guardStorage("findById", async () => {
      const [stored, lastUsed] = await Promise.all([this.parts.records.read(id), this.parts.lastUsed.get(id)]);
      return stored === undefined ? undefined : withLastUse(stored.value, lastUsed);
    });
  }

  findByHash(secretHash: string): Promise<ApiKey | undefined> {
    return guardStorage("findByHash", async () => {
      const id = await this.idOf(secretHash);
      if (id === undefined) return undefined;
      const raw = await this.parts.records.readRaw(id);
      return raw === undefined ? undefined : this.keyOf(secretHash, id, raw);
    });
  }

  private findCounting(secretHash: string, reads: CountedKeyReads): Promise<CountedKey | undefined> {
    return guardStorage("findByHashCounting", async () => {
      const known = this.idOf(secretHash);
      const id = typeof known === "string" ? known : await known;
      if (id === undefined) return undefined;
      const read = await reads.read(id, secretHash);
      if (read === undefined) return undefined;
      const parsed = this.keyOf(secretHash, id, read.raw);
      const key = parsed instanceof Promise ? await parsed : parsed;
      return read.hit ? { key, hit: read.hit } : { key };
    });
  }

  /**
   * The id a hash resolved to before (remembered: an index read once per hash per process), else the index's. Both
   * this and keyOf answer at once what they remember, not through a promise: they are on every request's path.
   */
  private idOf(secretHash: string): string | Promise<string | undefined> {
    return this.lookups.get(secretHash)?.id ?? this.parts.hashes.get(secretHash);
  }

  /** The key a raw record holds: parsed once while the record stays the same. */
  private keyOf(secretHash: string, id: string, raw: string): ApiKey | Promise<ApiKey> {
    const known = this.lookups.get(secretHash);
    if (known?.id === id && known.raw === raw) return known.value;
    return this.parts.records.parse(raw).then((key) => {
      this.lookups.remember(secretHash, { id, raw, value: key });
      return key;
    });
  }

  isKnownHash(secretHash: string): boolean {
    return this.lookups.get(secretHash) !== undefined;
  }

  list(): Promise<readonly ApiKey[]> {
    return guardStorage("list", async () => {
      const { records: { keyv: records }, lastUsed } = this.parts;
      if (!records.iterator || !lastUsed.iterator) throw new Error("this Keyv store cannot list its entries");
      const uses = new Map<string, number>();
      for await (const [id, at] of lastUsed.iterator(undefined)) uses.set(String(id), at as number);
      const keys: ApiKey[] = [];
      for await (const [, value] of records.iterator(undefined)) {
        const key = value as ApiKey;
        keys.push(withLastUse(key, uses.get(key.id)));
      }
      return keys;
    });
  }

  listByWorkspace(workspaceId: string): Promise<readonly ApiKey[]> {
    const index = this.parts.byWorkspace;
    if (!index) return this.list().then((keys) => keys.filter((key) => key.workspaceId === workspaceId));
    return guardStorage("listByWorkspace", async () => {
      await this.indexOlderKeys();
      const ids = (await index.all(workspaceId)).map((entry) => entry.member);
      // An entry whose key was never stored (its save failed after the index write) is skipped.
      const keys = await Promise.all(ids.map((id) => this.findById(id)));
      return keys.filter((key): key is ApiKey => key !== undefined && key.workspaceId === workspaceId);
    });
  }

  /**
   * Indexes by workspace the keys stored before the index existed, once per store (a marker says it was done; a
   * second instance doing it at the same time only rewrites the same entries). Workspace lists wait for it.
   */
  private indexOlderKeys(): Promise<void> {
    const index = this.parts.byWorkspace;
    if (!index) return Promise.resolve();
    this.olderKeysIndexed ??= (async () => {
      if ((await index.get(INDEX_MARKER_SET, INDEX_MARKER)) !== undefined) return;
      for (const key of await this.list()) if (key.workspaceId !== null) await index.put(key.workspaceId, key.id, "");
      await index.put(INDEX_MARKER_SET, INDEX_MARKER, new Date().toISOString());
    })().catch((error: unknown) => {
      this.olderKeysIndexed = undefined;
      throw error;
    });
    return this.olderKeysIndexed;
  }

  ping(): Promise<void> {
    return guardStorage("ping", async () => {
      await this.parts.records.keyv.get("__ping__");
    });
  }
}

/** The key with the later of its recorded and its bookkept last use. */
function withLastUse(key: ApiKey, lastUsed: number | undefined): ApiKey {
  if (typeof lastUsed !== "number" || (key.lastUsedAt !== null && key.lastUsedAt >= lastUsed)) return key;
  return { ...key, lastUsedAt: lastUsed };
}
