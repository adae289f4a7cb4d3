import type { AuditEvent } from "../domain/audit.ts";
import type { DomainError, InputIssue } from "../domain/errors.ts";
import type { Result } from "../domain/result.ts";
import type { AnyTool, ToolDefinition } from "../domain/tool.ts";
import type { Granularity } from "../domain/usage.ts";

export type {
  AccountStore, AccountUpdate, EnsureHeld, FlashStore, InvitationStore, InvitationUpdate, PasswordHasher, PasswordRater, SessionStore, WorkspaceStore,
} from "./account-ports.ts";
export type {
  ChangeIntent, LandedCheck, Mailer, MarkedRecord, Outbox, OutboxItem, OutboxPage, OutboxStatus, OutboxWork, SendOutcome, WebhookSender, WebhookStore,
  WebhookUpdate,
} from "./outbox-ports.ts";
export type { ApiKeyStore, CountedKey, KeyUpdate, RateLimitStore } from "./key-ports.ts";

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

/**
 * Whether whoever asked for a run has stopped waiting for it (an HTTP client that closed its connection); an
 * AbortSignal is one. Read when it matters, never listened to, so a request pays nothing for it.
 */
export interface CallerSignal {
  readonly aborted: boolean;
}

/** Runs a validated tool input: inline, or in a worker pool under a time cap for CPU-heavy tools. */
export interface ToolRunner {
  /**
   * The tool's result; `tool_timeout` or `server_busy` when the pool refuses or stops it. Throws only on bugs. A task
   * still waiting for a child when `signal` is aborted is never started (answered `server_busy`).
   */
  run(tool: ToolDefinition, input: Record<string, unknown>, signal?: CallerSignal): Promise<Result<unknown, DomainError>>;
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
  /** Adds the pack; a no-op when already enabled. */
  enable(workspaceId: string, packId: string): Promise<PackListChange>;
  /** Removes the pack; a no-op when not enabled. */
  disable(workspaceId: string, packId: string): Promise<PackListChange>;
}

/** A workspace's pack list after a change, and whether this call changed it: of identical calls racing, exactly one did. */
export interface PackListChange {
  readonly ids: readonly string[];
  readonly changed: boolean;
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
