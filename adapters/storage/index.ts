// tool-execution-api/storage: the storage adapters and the contract suites a storage of one's own can run.
export { openEmbeddedStorage, openMemoryStorage, openStorage, type Storage } from "./open-storage.ts";
export { DataDirError } from "./lmdb/data-dir-error.ts";
export { openRedisStorage } from "./redis/redis-storage.ts";
export { openPostgresStorage } from "./postgres/postgres-storage.ts";
export { KeyvApiKeyStore } from "./keyv-api-key-store.ts";
export { openOutbox, openWebhookStore } from "./open-events-storage.ts";
export type { KeyvOutboxOptions } from "./keyv-outbox.ts";
export { MemoryRateLimitStore } from "./memory/memory-rate-limit-store.ts";
export { describeApiKeyStore, makeKey, type ApiKeyStoreSubject } from "./api-key-store.contract.ts";
export { describeRateLimitStore, type RateLimitStoreSubject } from "./rate-limit-store.contract.ts";
export { describeAccountStores, type StorageFixture } from "./account-stores.contract.ts";
export { describeOutbox, makeOutboxItem, type MakeOutbox, type OutboxSubject } from "./outbox.contract.ts";
export { describeWebhookStore, makeWebhook, type WebhookStoreSubject } from "./webhook-store.contract.ts";
export type { TestApi } from "./test-api.ts";
