export { openEmbeddedStorage, openMemoryStorage, openStorage, type Storage } from "./open-storage.ts";
export { openRedisStorage } from "./redis-storage.ts";
export { KeyvApiKeyStore } from "./keyv-api-key-store.ts";
export { MemoryRateLimitStore } from "./memory-rate-limit-store.ts";
export { describeApiKeyStore, makeKey, type ApiKeyStoreSubject } from "./api-key-store.contract.ts";
export { describeRateLimitStore, type RateLimitStoreSubject } from "./rate-limit-store.contract.ts";
export { describeAccountStores, type StorageFixture } from "./account-stores.contract.ts";
export type { TestApi } from "./test-api.ts";
