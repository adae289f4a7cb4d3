import type { CreateKeyCommand } from "../../application/create-key.ts";
import type { ListCallableTools } from "../../application/list-callable-tools.ts";
import type { ApiKeyStore, AuditLog, Clock, ExecutionObserver, RateLimitStore, ToolCatalog, UsageStore } from "../../application/ports.ts";
import type { QueryKeyUsage } from "../../application/query-usage.ts";
import type { ToolCall } from "../../application/tool-call.ts";
import type { Environment, RateLimitPolicy } from "../../domain/api-key.ts";
import type { ApiKeySummary } from "../../domain/api-key-summary.ts";
import type { DomainError } from "../../domain/errors.ts";
import type { InstalledPack } from "../../domain/tool-pack.ts";
import type { AccountDeps } from "../../application/account-deps.ts";
import type Keyv from "keyv";
import type { AtomicRecords } from "../storage/atomic-records.ts";
import { type buildContainer, TOKENS } from "../container.ts";

/** What a storage gives the core. Only `keys` and `limits` are required; accounts live in memory without `keyv`. */
export interface CoreStorage {
  readonly keys: ApiKeyStore;
  readonly limits: RateLimitStore;
  /** Where key and pack events are recorded; in this process's memory when absent. */
  readonly audit?: AuditLog;
  /** Where usage counters are flushed; in this process's memory when absent. */
  readonly usage?: UsageStore;
  /** A Keyv over one namespace (accounts, workspaces, sessions); it must throw on store errors. */
  keyv?<T>(namespace: string): Keyv<T>;
  /** The same namespaces with atomic writes across processes; without it, sign-up's email claim is exact per process. */
  atomic?<T>(namespace: string): AtomicRecords<T>;
  close?(): Promise<void>;
}

/** The use cases and ports transports are built from. */
export interface CoreServices {
  readonly toolCall: ToolCall;
  readonly catalog: ToolCatalog;
  readonly storage: CoreStorage;
  readonly env: Environment;
  readonly defaultPolicy: RateLimitPolicy;
  readonly clock: Clock;
  readonly container: ReturnType<typeof buildContainer>;
  /** Every installed pack, the built-in catalog first as `core`. */
  readonly packs: readonly InstalledPack[];
  /** The server tools a key may call (scope, workspace packs): what MCP's tools/list shows it. */
  readonly callableTools: ListCallableTools;
  /** The session API's and the dashboard's use cases. */
  accounts(): AccountDeps;
  /** Transports report each execute call of a valid key here, once its answer is known (usage, metrics). */
  readonly observer: ExecutionObserver;
  /** GET /usage: the calling key's usage. */
  readonly keyUsage: QueryKeyUsage;
}

/** A created key: the summary `keys list` shows, plus its secret (shown this once). */
export type CreatedKey = ApiKeySummary & { readonly secret: string };

/** Key management as plain calls; a refused argument rejects with an Error whose `code` is an error_code. */
export interface KeyManager {
  create(options: Omit<CreateKeyCommand, "env"> & { readonly env?: string }): Promise<CreatedKey>;
  list(): Promise<readonly ApiKeySummary[]>;
  revoke(id: string): Promise<ApiKeySummary>;
}

/** A DomainError as a thrown Error: `code` is its error_code, `details` its field problems. */
export class ToolCoreError extends Error {
  override readonly name = "ToolCoreError";
  readonly code: DomainError["code"];
  readonly details: unknown;

  constructor(error: DomainError) {
    super(error.message);
    this.code = error.code;
    this.details = "details" in error ? error.details : undefined;
  }
}

export function keyManager(services: CoreServices): KeyManager {
  const { container, env } = services;
  return {
    async create(options) {
      const result = await container.get(TOKENS.createKey).execute({ ...options, env: options.env ?? env });
      if (!result.ok) throw new ToolCoreError(result.error);
      return { ...result.value.key, secret: result.value.secret };
    },
    list: () => container.get(TOKENS.listKeys).execute(),
    async revoke(id) {
      const result = await container.get(TOKENS.revokeKey).execute({ id });
      if (!result.ok) throw new ToolCoreError(result.error);
      return result.value;
    },
  };
}
