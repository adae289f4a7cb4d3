import type { ApiKey } from "../domain/api-key.ts";
import type { AuditEvent } from "../domain/audit.ts";
import type { DomainError, InputIssue } from "../domain/errors.ts";
import type { WindowHit } from "../domain/rate-limit.ts";
import type { Result } from "../domain/result.ts";
import type { AnyTool, ToolDefinition } from "../domain/tool.ts";
import type { Granularity } from "../domain/usage.ts";

export type {
  AccountStore, FlashStore, InvitationStore, InvitationUpdate, PasswordHasher, PasswordRater, SessionStore, WorkspaceStore,
} from "./account-ports.ts";
export type {
  ChangeIntent, LandedCheck, Mailer, Outbox, OutboxItem, OutboxPage, OutboxStatus, OutboxWork, SendOutcome, WebhookSender, WebhookStore,
  WebhookUpdate,
} from "./outbox-ports.ts";

/** A key as it was before a change and as it is after (the same object when nothing changed). */
export interface KeyUpdate {
  readonly before: ApiKey;
  readonly after: ApiKey;
}

/**
 * Where API keys live. Every method throws when the storage cannot be reached. A key's state changes only through
 * `update`, which is atomic per key on every instance: concurrent changes end as if run one after the other, so a
 * revocation is never overwritten by a change that read the key before it.
 */
export interface ApiKeyStore {
  /** Stores a new key and indexes it by its secret hash. Throws when a key with this id already exists. */
  save(key: ApiKey): Promise<void>;
  /**
   * Changes one key atomically: `change` receives the key as stored now and returns the new key, or undefined (or
   * the same object) to leave it. When another writer changed the key meanwhile, `change` runs again on the newer
   * key, so it must be a pure function of its argument. A new `secretHash` is indexed before the key is written.
   * Undefined when no key has this id.
   */
  update(id: string, change: (current: ApiKey) => ApiKey | undefined): Promise<KeyUpdate | undefined>;
  /** Records that the key was used at `at` (epoch ms), apart from its state: this never writes the key itself. */
  touch(id: string, at: number): Promise<void>;
  /** The key with this id (with its latest `lastUsedAt`), or undefined. */
  findById(id: string): Promise<ApiKey | undefined>;
  /**
   * The key whose secret (current or previous) hashes to `secretHash`, as stored at the moment of the call, or
   * undefined: a change made by any instance before the call is always seen.
   */
  findByHash(secretHash: string): Promise<ApiKey | undefined>;
  /**
   * Whether this store has recently resolved `secretHash` to a key (a hint held in memory, never a decision): lets
   * the hot path skip checks a secret already passed, such as its checksum. A store without such a memory leaves it out.
   */
  isKnownHash?(secretHash: string): boolean;
  /** Every key, in no particular order. */
  list(): Promise<readonly ApiKey[]>;
  /**
   * The keys of one workspace, in no particular order, reading only those: a store without such an index leaves it
   * out, and callers filter `list()` instead.
   */
  listByWorkspace?(workspaceId: string): Promise<readonly ApiKey[]>;
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
  /**
   * The count of the current window of `bucket` without counting anything (0 when nothing was counted yet),
   * and the time until it resets. Throws when the store is unreachable.
   */
  peek(bucket: string, windowMs: number): Promise<WindowHit>;
  /**
   * Takes back one hit of `bucket` from the window `windowId` (a `hit`'s `windowId`), atomically: for an attempt
   * counted up front that turned out not to count (a refused sign-in, a right password). Never below 0, and nothing
   * once that window has ended, so a later window is never credited. Throws when the store is unreachable. A store
   * without it leaves it out (and returns no `windowId`): such attempts then stay counted.
   */
  release?(bucket: string, windowMs: number, windowId: number): Promise<void>;
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

/** Which tool packs each workspace has enabled. Read on every pack-tool call, never cached, so a disable applies at once. */
export interface WorkspacePackStore {
  /** The pack ids the workspace has enabled (core excluded: it is always on), in enabling order. */
  list(workspaceId: string): Promise<readonly string[]>;
  /** Adds the pack; a no-op when already enabled. Returns the list after. */
  enable(workspaceId: string, packId: string): Promise<readonly string[]>;
  /** Removes the pack; a no-op when not enabled. Returns the list after. */
  disable(workspaceId: string, packId: string): Promise<readonly string[]>;
}

/** One page of a workspace's audit events, newest first. */
export interface AuditPage {
  readonly events: readonly AuditEvent[];
  /** The position (`auditPosition`) to read the next page below, or undefined on the last page. */
  readonly next: string | undefined;
}

/**
 * Where audit events live, per workspace (keys of no workspace under null), in a stored order: no read scans the log.
 * Throws when storage is unreachable.
 */
export interface AuditLog {
  /** Appends one event; never replaces another (ids are unique). The workspace's oldest events past its retention go. */
  record(event: AuditEvent): Promise<void>;
  /** At most `limit` events, newest first, every one below the position `before` when given; reads at most limit + 1. */
  page(workspaceId: string | null, options: { readonly limit: number; readonly before?: string }): Promise<AuditPage>;
  /** The newest `limit` events (default: one default page), newest first. */
  list(workspaceId: string | null, limit?: number): Promise<readonly AuditEvent[]>;
}

/** One execute call (REST or MCP) that presented a valid key, as usage and metrics observe it. */
export interface ExecutionObservation {
  readonly keyId: string;
  /** The key's workspace; null for a key of no workspace (made with the CLI). */
  readonly workspaceId: string | null;
  /** The tool id as requested (it may name no tool: 404). */
  readonly toolId: string;
  /** The HTTP status of the answer (for MCP: the REST status the answer stands for). */
  readonly status: number;
  /** The answer's error_code; undefined for a success. */
  readonly errorCode: string | undefined;
  /** From the request's arrival to the answer, in ms. */
  readonly durationMs: number;
  readonly transport: "rest" | "mcp";
}

/** Hears every execute call of a valid key once its answer is known; on the request path, so it must be cheap. */
export interface ExecutionObserver {
  /** Notes one call: an in-memory update only (no I/O, no await). Never throws. */
  observe(observation: ExecutionObservation): void;
}

/** Additions to one usage bucket: counters (domain/usage.ts usageField names) and when the bucket is forgotten. */
export interface UsageBucketWrite {
  /** Whose usage (domain/usage.ts usageScope). */
  readonly scope: string;
  readonly granularity: Granularity;
  /** The bucket's start, epoch ms, aligned to its granularity. */
  readonly at: number;
  /** Epoch ms (the store's clock) after which the bucket is dropped. */
  readonly expiresAt: number;
  readonly fields: ReadonlyMap<string, number>;
}

/** Where usage counters live: buckets of counters, added to by every instance so their sums are exact. */
export interface UsageStore {
  /**
   * Adds every write's counters to its bucket (created when absent) and sets the bucket to expire at its expiresAt.
   * Every write of one call has the same scope; they land together or not at all, so a failed call can be repeated.
   * Throws when the storage is unreachable.
   */
  add(writes: readonly UsageBucketWrite[]): Promise<void>;
  /**
   * The counters of the scope's buckets starting at `ats`, in the same order; a missing or expired bucket is an empty
   * map. Throws when the storage is unreachable.
   */
  read(scope: string, granularity: Granularity, ats: readonly number[]): Promise<readonly ReadonlyMap<string, number>[]>;
}
