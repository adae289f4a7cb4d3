/**
 * A storage of one's own: keys and rate-limit windows in plain Maps. A real one would talk to a database; the
 * contract suites (tool-execution-api/storage) say what it must do, and it fails closed by throwing
 * StorageUnavailableError when its backend cannot answer.
 */
import type { ApiKey, ApiKeyStore, CoreStorage, KeyUpdate, RateLimitStore, WindowHit } from "tool-execution-api";
import { StorageUnavailableError } from "tool-execution-api";

export class MapApiKeyStore implements ApiKeyStore {
  private readonly byId = new Map<string, ApiKey>();
  private readonly idByHash = new Map<string, string>();
  /** Set to simulate an outage. */
  down = false;

  private readonly lastUsed = new Map<string, number>();

  async save(key: ApiKey): Promise<void> {
    this.check();
    if (this.byId.has(key.id)) throw new Error(`a key with id ${key.id} already exists`);
    this.byId.set(key.id, key);
    this.idByHash.set(key.secretHash, key.id);
  }

  /** Atomic because nothing awaits between the read and the write; a database would compare-and-set instead. */
  async update(id: string, change: (current: ApiKey) => ApiKey | undefined): Promise<KeyUpdate | undefined> {
    this.check();
    const before = this.byId.get(id);
    if (!before) return undefined;
    const after = change(before) ?? before;
    this.idByHash.set(after.secretHash, id);
    this.byId.set(id, after);
    return { before, after };
  }

  async touch(id: string, at: number): Promise<void> {
    this.check();
    this.lastUsed.set(id, at);
  }

  async findById(id: string): Promise<ApiKey | undefined> {
    this.check();
    const key = this.byId.get(id);
    const used = this.lastUsed.get(id);
    return key && used !== undefined ? { ...key, lastUsedAt: used } : key;
  }

  async findByHash(secretHash: string): Promise<ApiKey | undefined> {
    this.check();
    const id = this.idByHash.get(secretHash);
    return id === undefined ? undefined : this.byId.get(id);
  }

  async list(): Promise<readonly ApiKey[]> {
    this.check();
    return Promise.all([...this.byId.keys()].map(async (id) => (await this.findById(id)) as ApiKey));
  }

  async ping(): Promise<void> {
    this.check();
  }

  private check(): void {
    if (this.down) throw new StorageUnavailableError("map storage is down");
  }
}

/** Fixed windows aligned to the epoch; read and write happen with no await between, so counts are exact. */
export class MapRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(bucket: string, windowMs: number): Promise<WindowHit> {
    return this.count(bucket, windowMs, 1);
  }

  async peek(bucket: string, windowMs: number): Promise<WindowHit> {
    return this.count(bucket, windowMs, 0);
  }

  private count(bucket: string, windowMs: number, add: number): WindowHit {
    const now = this.now();
    const start = Math.floor(now / windowMs) * windowMs;
    const current = this.windows.get(bucket);
    const count = (current?.start === start ? current.count : 0) + add;
    if (add > 0) this.windows.set(bucket, { start, count });
    return { count, resetInMs: start + windowMs - now };
  }
}

/** The storage option of createToolCore. */
export function mapStorage(): CoreStorage & { keys: MapApiKeyStore } {
  return { keys: new MapApiKeyStore(), limits: new MapRateLimitStore() };
}
