// tool-execution-api: the execution core. Loads no HTTP framework (see ./http for the reference h3 app).
export { createToolCore, type ToolCore, type ToolCoreOptions } from "./adapters/core/create-tool-core.ts";
export { type CoreStorage, type CreatedKey, type KeyManager, ToolCoreError } from "./adapters/core/key-manager.ts";
export { ERRORS, ERROR_CODES, type ErrorInfo, type WireCode } from "./domain/error-table.ts";
export { type Answer, type ErrorBody, errorAnswer, type SuccessBody, successAnswer, type WireError } from "./domain/answer.ts";
export { type AuthorizedCall, storageUnavailableAnswer } from "./application/tool-call.ts";
export { defineTool, type JsonSchema, type ToolContext, type ToolDefinition, type ToolExample } from "./domain/tool.ts";
export { err, ok, type Result } from "./domain/result.ts";
export { invalidField, invalidInput, type DomainError, type InputIssue } from "./domain/errors.ts";
export { StorageUnavailableError } from "./application/storage-unavailable.ts";
export type { ApiKeyStore, KeyUpdate, RateLimitStore } from "./application/ports.ts";
export type { ApiKey } from "./domain/api-key.ts";
export type { ApiKeySummary } from "./domain/api-key-summary.ts";
export type { WindowHit } from "./domain/rate-limit.ts";
export type { ToolPack } from "./domain/tool-pack.ts";
export { EVENT_TYPES, type EmbeddedEvent, type EventType, type OutgoingEvent } from "./domain/event.ts";
export type { CoreEventOptions } from "./adapters/core/core-events.ts";
