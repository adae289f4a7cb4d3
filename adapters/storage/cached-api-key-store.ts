import type { ApiKeyStore } from "../../application/ports.ts";
import type { ApiKey } from "../../domain/api-key.ts";

/**
 * Remembers hash lookups for at most `ttlMs`, so a hot key costs no storage read per request.
 * The TTL bounds how long a revocation made by another process can go unseen (the contract allows 1 s);
 * writes made through this instance invalidate at once.
 */
export class CachedApiKeyStore implements ApiKeyStore {
  private readonly byHash = new Map<string, { key: ApiKey | undefined; until: number }>();

  constructor(private readonly inner: ApiKeyStore, private readonly ttlMs = 500, private readonly maxEntries = 10_000) {}

  async save(key: ApiKey): Promise<void> {
    this.byHash.delete(key.secretHash);
    await this.inner.save(key);
    this.byHash.delete(key.secretHash);
  }

  findById(id: string): Promise<ApiKey | undefined> {
    return this.inner.findById(id);
  }

  findCachedByHash(secretHash: string): ApiKey | undefined {
    return this.fresh(secretHash)?.key;
  }

  async findByHash(secretHash: string): Promise<ApiKey | undefined> {
    const now = performance.now();
    const cached = this.fresh(secretHash);
    if (cached) return cached.key;
    const key = await this.inner.findByHash(secretHash);
    if (this.byHash.size >= this.maxEntries) this.byHash.clear();
    this.byHash.set(secretHash, { key, until: now + this.ttlMs });
    return key;
  }

  /** The cached lookup for `secretHash` while its TTL lasts (its key may be undefined: a remembered miss). */
  private fresh(secretHash: string): { key: ApiKey | undefined } | undefined {
    const cached = this.byHash.get(secretHash);
    return cached && cached.until > performance.now() ? cached : undefined;
  }

  list(): Promise<readonly ApiKey[]> {
    return this.inner.list();
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }
}
