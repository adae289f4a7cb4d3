import type { ApiKeyStore } from "../../application/ports.ts";
import { type ApiKey } from "../../domain/api-key.ts";
/** One store under test, fresh and empty, and how to release it. */
export interface ApiKeyStoreSubject {
    readonly store: ApiKeyStore;
    close(): Promise<void>;
}
/** A stored key with a unique id and hash. */
export declare function makeKey(overrides?: Partial<ApiKey>): ApiKey;
/** The ApiKeyStore contract of application/ports.ts, run by every adapter's test (memory, LMDB, Redis). */
export declare function describeApiKeyStore(name: string, make: () => Promise<ApiKeyStoreSubject>): void;
