import type { ApiKeyStore } from "../../application/ports.ts";
import type { ApiKey } from "../../domain/api-key.ts";
/**
 * Remembers hash lookups for at most `ttlMs`, so a hot key costs no storage read per request.
 * The TTL bounds how long a revocation made by another process can go unseen (the contract allows 1 s);
 * writes made through this instance invalidate at once.
 */
export declare class CachedApiKeyStore implements ApiKeyStore {
    private readonly inner;
    private readonly ttlMs;
    private readonly maxEntries;
    private readonly byHash;
    constructor(inner: ApiKeyStore, ttlMs?: number, maxEntries?: number);
    save(key: ApiKey): Promise<void>;
    findById(id: string): Promise<ApiKey | undefined>;
    findByHash(secretHash: string): Promise<ApiKey | undefined>;
    list(): Promise<readonly ApiKey[]>;
    ping(): Promise<void>;
}
