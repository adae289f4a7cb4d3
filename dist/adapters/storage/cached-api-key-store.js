/**
 * Remembers hash lookups for at most `ttlMs`, so a hot key costs no storage read per request.
 * The TTL bounds how long a revocation made by another process can go unseen (the contract allows 1 s);
 * writes made through this instance invalidate at once.
 */
export class CachedApiKeyStore {
    inner;
    ttlMs;
    maxEntries;
    byHash = new Map();
    constructor(inner, ttlMs = 500, maxEntries = 10_000) {
        this.inner = inner;
        this.ttlMs = ttlMs;
        this.maxEntries = maxEntries;
    }
    async save(key) {
        this.byHash.delete(key.secretHash);
        await this.inner.save(key);
        this.byHash.delete(key.secretHash);
    }
    findById(id) {
        return this.inner.findById(id);
    }
    async findByHash(secretHash) {
        const now = performance.now();
        const cached = this.byHash.get(secretHash);
        if (cached && cached.until > now)
            return cached.key;
        const key = await this.inner.findByHash(secretHash);
        if (this.byHash.size >= this.maxEntries)
            this.byHash.clear();
        this.byHash.set(secretHash, { key, until: now + this.ttlMs });
        return key;
    }
    list() {
        return this.inner.list();
    }
    ping() {
        return this.inner.ping();
    }
}
