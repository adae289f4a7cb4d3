import type { ApiKey } from "../domain/api-key.ts";
import type { DomainError, InputIssue } from "../domain/errors.ts";
import type { WindowHit } from "../domain/rate-limit.ts";
import type { Result } from "../domain/result.ts";
import type { AnyTool, ToolDefinition } from "../domain/tool.ts";

/** Where API keys live. Every method throws when the storage cannot be reached. */
export interface ApiKeyStore {
  /** Inserts or replaces the key (by id) and indexes it by its secret hash. */
  save(key: ApiKey): Promise<void>;
  /** The key with this id, or undefined. */
  findById(id: string): Promise<ApiKey | undefined>;
  /** The key whose secret hashes to `secretHash`, or undefined. */
  findByHash(secretHash: string): Promise<ApiKey | undefined>;
  /** Every key, in no particular order. */
  list(): Promise<readonly ApiKey[]>;
  /** Resolves when the storage answers; throws when it does not. */
  ping(): Promise<void>;
}

/** Counts requests per bucket in fixed windows. Must be atomic: concurrent hits never share a count. */
export interface RateLimitStore {
  /**
   * Counts one request in the current window of `bucket` (windows are `windowMs` long, aligned to the
   * store's own clock) and returns the count including this request. Throws when the store is unreachable.
   */
  hit(bucket: string, windowMs: number): Promise<WindowHit>;
}

/** The tools this deployment knows. */
export interface ToolCatalog {
  /** The tool with this id (server or client-only), or undefined. */
  find(id: string): AnyTool | undefined;
  /** Every tool, in catalog order. */
  list(): readonly AnyTool[];
}

/** Validates tool input against the tool's input schema. */
export interface SchemaValidator {
  /** Applies schema defaults to `input` in place and returns the problems; an empty array means valid. */
  validateInput(tool: ToolDefinition, input: Record<string, unknown>): readonly InputIssue[];
}

/** Runs a validated tool input: inline, or in a worker pool under a time cap for CPU-heavy tools. */
export interface ToolRunner {
  /** The tool's result; `tool_timeout` or `server_busy` when the pool refuses or stops it. Throws only on bugs. */
  run(tool: ToolDefinition, input: Record<string, unknown>): Promise<Result<unknown, DomainError>>;
}

/** The current time. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** Cryptographically strong randomness. */
export interface SecretSource {
  /** `size` random bytes from a CSPRNG. */
  randomBytes(size: number): Uint8Array;
}
