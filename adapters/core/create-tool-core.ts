import type { AttemptLimits } from "../../application/attempt-limits.ts";
import type { Clock, ExecutionObserver, PasswordHasher, ToolRunner } from "../../application/ports.ts";
import { ListCallableTools } from "../../application/list-callable-tools.ts";
import { toToolSummary } from "../../application/tool-views.ts";
import type { ToolCall } from "../../application/tool-call.ts";
import type { Answer } from "../../domain/answer.ts";
import type { Environment } from "../../domain/api-key.ts";
import { toPolicy } from "../../domain/rate-limit.ts";
import type { SessionPolicy } from "../../domain/session.ts";
import type { AnyTool } from "../../domain/tool.ts";
import { corePack, type InstalledPack } from "../../domain/tool-pack.ts";
import { packageVersion } from "../package-version.ts";
import { buildContainer, memoryKeyv, resolveAccountDeps, TOKENS } from "../container.ts";
import { KeyvAuditLog } from "../storage/keyv-audit-log.ts";
import { openMemoryStorage } from "../storage/open-storage.ts";
import { CryptoSecretSource, SystemClock } from "../system.ts";
import { SecretSealer } from "../security/secret-sealer.ts";
import { startUsageFlush } from "./usage-flush.ts";
import { type CoreEventOptions, eventInfrastructure, startSending } from "./core-events.ts";
import { eventStoresOf, nudging } from "./event-stores.ts";
import { type EmbeddedEvent, embeddedEvent } from "../../domain/event.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";
import { type CoreServices, type CoreStorage, keyManager, type KeyManager } from "./key-manager.ts";

/** Everything is optional: with none, the core runs the built-in catalog inline on in-memory storage. */
export interface ToolCoreOptions {
  /** Keys, rate-limit counters and (optionally) Keyv namespaces for accounts; default: this process's memory. */
  readonly storage?: CoreStorage;
  /** The tools this core serves; default: the built-in catalog (`tools` of `tool-execution-api/tools`). */
  readonly tools?: readonly AnyTool[];
  /** Tool packs (the marketplace): their tools run as `<pack>.<tool>` for workspaces that enable them, unlisted in `tools`. */
  readonly packs?: readonly InstalledPack[];
  /** The environment this deployment serves; keys of another are refused. Default "development". */
  readonly env?: Environment;
  /** The limit new keys get. Default 60 per 60 s. */
  readonly defaultLimit?: { readonly limit: number; readonly windowSeconds: number };
  /** "inline" (default) runs every tool in this process; "workers" isolates `worker: true` tools in child processes. */
  readonly runner?: "inline" | "workers" | ToolRunner;
  /** Hears of bugs that `execute` answers as 500 internal_error. */
  readonly onError?: (error: unknown) => void;
  /** For tests and servers: the clock, the password hasher and sign-in policies. */
  readonly clock?: Clock;
  readonly passwordHasher?: PasswordHasher;
  readonly sessionPolicy?: SessionPolicy;
  readonly attemptLimits?: AttemptLimits;
  /** False: execute calls are not counted for usage (the usage API then answers zeros). Default true. */
  readonly recordUsage?: boolean;
  /** More observers of every execute call (REST and MCP), beside usage recording: metrics. */
  readonly observers?: readonly ExecutionObserver[];
  /**
   * Hears every event the service sends out (the same events webhooks receive), at least once, once the change that
   * caused it is stored: its data with its `type` (`event.keyId`, …) and `{ id, type, timestamp, workspaceId, data }`.
   * Its throws are passed to `onError`.
   */
  readonly onEvent?: (event: EmbeddedEvent) => void;
  /** Webhook senders, email, the retry schedule and the public URL of links (see CoreEventOptions). */
  readonly events?: CoreEventOptions;
  /**
   * ENCRYPTION_KEY: keys (each 32 random bytes as base64, 44 characters, or hex, 64) that seal TOTP and webhook signing
   * secrets in the storage with AES-256-GCM; the first seals new values, every one opens (rotation: the new key first).
   * Default none: those secrets are stored as they are, and a sealed one fails to open.
   */
  readonly encryptionKeys?: readonly string[];
}

/** One execution core: the contract as calls, independent of any HTTP framework. */
export interface ToolCore {
  /** What `POST /api/v1/execute/{toolId}` answers for this key and `{"input": input}`; never rejects for a domain error. */
  execute(call: { readonly secret: string | undefined; readonly toolId: string; readonly input: unknown }): Promise<Answer>;
  /**
   * The two steps of `execute`, for a transport that reads the request body in between (so a request without a
   * valid key never has its body read): auth and rate limit, then the tool. Both throw StorageUnavailableError
   * when storage cannot answer (answer it with `storageUnavailableAnswer()`).
   */
  authorize: ToolCall["authorize"];
  run: ToolCall["run"];
  readonly keys: KeyManager;
  readonly tools: { list(): ReturnType<typeof toToolSummary>[] };
  /** Stops the worker processes (if any) and closes the storage. */
  close(): Promise<void>;
  /** The use cases and ports transports are built from (the reference h3 app, the CLI); not needed to embed. */
  readonly services: CoreServices;
}

/** Wires the core: resolves the defaults (the built-in catalog and the pool load on demand), then buildToolCore. */
export async function createToolCore(options: ToolCoreOptions = {}): Promise<ToolCore> {
  const tools = options.tools ?? (await import("../tools/index.ts")).tools;
  return buildToolCore({ ...options, tools, runner: await openRunner(options.runner, options.packs ?? [], options.tools) });
}

/**
 * The one place that builds use cases from ports, for the server, the CLI, examples and the test harness. Synchronous
 * for callers that already hold their tools and runner (the test harness).
 */
export function buildToolCore(options: ToolCoreOptions & { readonly tools: readonly AnyTool[]; readonly runner: ToolRunner }): ToolCore {
  const clock = options.clock ?? new SystemClock();
  const storage = options.storage ?? openMemoryStorage(clock);
  const { runner, tools } = options;
  const policy = toPolicy(options.defaultLimit?.limit ?? 60, options.defaultLimit?.windowSeconds ?? 60);
  if (!policy) throw Object.assign(new Error("defaultLimit: limit must be 1 to 10^9 and windowSeconds 1 to 86400"), { code: "invalid_input" });
  const env = options.env ?? "development";
  const secrets = new CryptoSecretSource();
  const sealer = sealerOf(options.encryptionKeys);
  let sending: ReturnType<typeof startSending> | undefined;
  const { onEvent } = options;
  const events = eventInfrastructure(options.events ?? {}, nudging(eventStoresOf(storage, clock), () => sending?.nudge()));
  const container = buildContainer({
    keys: storage.keys, limits: storage.limits, audit: storage.audit ?? new KeyvAuditLog(memoryKeyv), runner, tools, clock, secrets, env, defaultPolicy: policy, events,
    keyv: storage.keyv, atomic: storage.atomic?.bind(storage), packs: options.packs, passwordHasher: options.passwordHasher, sessionPolicy: options.sessionPolicy,
    attemptLimits: options.attemptLimits, onBug: options.onError,
    usage: storage.usage, recordUsage: options.recordUsage, observers: options.observers, sealer,
  });
  // Counted usage is written every 5 s and once more at close, before the storage closes.
  const usageFlush = startUsageFlush(container.get(TOKENS.recordUsage), (error) => options.onError?.(error));
  if (options.events?.dispatch !== false) {
    sending = startSending({
      events, webhooks: container.get(TOKENS.webhookStore), keys: storage.keys, accounts: container.get(TOKENS.accountStore), audit: container.get(TOKENS.auditLog), workspaces: container.get(TOKENS.workspaceStore),
      invitations: container.get(TOKENS.invitationStore), packs: container.get(TOKENS.workspacePackStore), clock, secrets,
    }, { ...options.events, onEvent: onEvent && ((event) => onEvent(embeddedEvent(event))), onError: options.onError });
  }
  const toolCall = container.get(TOKENS.toolCall);
  const catalog = container.get(TOKENS.toolCatalog);
  const packs = [corePack(tools, packageVersion()), ...(options.packs ?? [])];
  const services: CoreServices = {
    toolCall, catalog, storage, env, defaultPolicy: policy, clock, container, packs,
    callableTools: new ListCallableTools({ installed: packs, packs: container.get(TOKENS.workspacePackStore) }),
    accounts: () => resolveAccountDeps(container, { env, defaultPolicy: policy, events }),
    observer: container.get(TOKENS.executionObserver),
    keyUsage: container.get(TOKENS.queryKeyUsage),
  };
  return {
    execute: (call) => toolCall.execute(call),
    authorize: (secret) => toolCall.authorize(secret),
    run: (call, toolId, input, signal) => toolCall.run(call, toolId, input, signal),
    keys: keyManager(services),
    tools: { list: () => catalog.list().map(toToolSummary) },
    close: async () => {
      await (runner as { close?: () => Promise<void> }).close?.();
      await sending?.close();
      await usageFlush.close();
      await storage.close?.();
    },
    services,
  };
}

/** The sealer of `encryptionKeys`; a malformed key rejects with code invalid_input (the message never shows a key). */
function sealerOf(keys: readonly string[] | undefined): SecretSealer {
  try {
    return new SecretSealer(keys ?? [], "encryptionKeys");
  } catch (error) {
    throw Object.assign(error as Error, { code: "invalid_input" });
  }
}

/** `given`: the caller's own list of tools, undefined for the whole catalog. */
async function openRunner(choice: ToolCoreOptions["runner"], packs: readonly InstalledPack[], given: readonly AnyTool[] | undefined): Promise<ToolRunner> {
  if (typeof choice === "object") return choice;
  if (choice !== "workers") return new InlineToolRunner();
  const { ProcessPoolToolRunner, poolModules } = await import("../tools/process-pool.ts");
  // The tool processes load the packs too, from the modules loadPacks found them in.
  return new ProcessPoolToolRunner({ modules: await poolModules(given, packs) });
}
