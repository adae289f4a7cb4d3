// tool-execution-api/storage: the storage adapters and the contract suites a storage of one's own can run.
export { openEmbeddedStorage, openMemoryStorage, openStorage } from "./open-storage.js";
export { openRedisStorage } from "./redis-storage.js";
export { KeyvApiKeyStore } from "./keyv-api-key-store.js";
export { MemoryRateLimitStore } from "./memory-rate-limit-store.js";
export { describeApiKeyStore, makeKey } from "./api-key-store.contract.js";
export { describeRateLimitStore } from "./rate-limit-store.contract.js";
export { describeAccountStores } from "./account-stores.contract.js";
