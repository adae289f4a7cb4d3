import type { AttemptLimits } from "../../application/attempt-limits.ts";
import type { Clock, PasswordHasher, ToolRunner } from "../../application/ports.ts";
import { toToolSummary } from "../../application/tool-views.ts";
import type { ToolCall } from "../../application/tool-call.ts";
import type { Answer } from "../../domain/answer.ts";
import type { Environment } from "../../domain/api-key.ts";
import type { SessionPolicy } from "../../domain/session.ts";
import type { AnyTool } from "../../domain/tool.ts";
import { type CoreServices, type CoreStorage, type KeyManager } from "./key-manager.ts";
/** Everything is optional: with none, the core runs the built-in catalog inline on in-memory storage. */
export interface ToolCoreOptions {
    /** Keys, rate-limit counters and (optionally) Keyv namespaces for accounts; default: this process's memory. */
    readonly storage?: CoreStorage;
    /** The tools this core serves; default: the built-in catalog (`tools` of `tool-execution-api/tools`). */
    readonly tools?: readonly AnyTool[];
    /** The environment this deployment serves; keys of another are refused. Default "development". */
    readonly env?: Environment;
    /** The limit new keys get. Default 60 per 60 s. */
    readonly defaultLimit?: {
        readonly limit: number;
        readonly windowSeconds: number;
    };
    /** "inline" (default) runs every tool in this process; "workers" isolates `worker: true` tools in child processes. */
    readonly runner?: "inline" | "workers" | ToolRunner;
    /** Hears of bugs that `execute` answers as 500 internal_error. */
    readonly onError?: (error: unknown) => void;
    /** For tests and servers: the clock, the password hasher and sign-in policies. */
    readonly clock?: Clock;
    readonly passwordHasher?: PasswordHasher;
    readonly sessionPolicy?: SessionPolicy;
    readonly attemptLimits?: AttemptLimits;
}
/** One execution core: the contract as calls, independent of any HTTP framework. */
export interface ToolCore {
    /** What `POST /api/v1/execute/{toolId}` answers for this key and `{"input": input}`; never rejects for a domain error. */
    execute(call: {
        readonly secret: string | undefined;
        readonly toolId: string;
        readonly input: unknown;
    }): Promise<Answer>;
    /**
     * The two steps of `execute`, for a transport that reads the request body in between (so a request without a
     * valid key never has its body read): auth and rate limit, then the tool. Both throw StorageUnavailableError
     * when storage cannot answer (answer it with `storageUnavailableAnswer()`).
     */
    authorize: ToolCall["authorize"];
    run: ToolCall["run"];
    readonly keys: KeyManager;
    readonly tools: {
        list(): ReturnType<typeof toToolSummary>[];
    };
    /** Stops the worker processes (if any) and closes the storage. */
    close(): Promise<void>;
    /** The use cases and ports transports are built from (the reference h3 app, the CLI); not needed to embed. */
    readonly services: CoreServices;
}
/** Wires the core: resolves the defaults (the built-in catalog and the pool load on demand), then buildToolCore. */
export declare function createToolCore(options?: ToolCoreOptions): Promise<ToolCore>;
/**
 * The one place that builds use cases from ports, for the server, the CLI, examples and the test harness. Synchronous
 * for callers that already hold their tools and runner (the test harness).
 */
export declare function buildToolCore(options: ToolCoreOptions & {
    readonly tools: readonly AnyTool[];
    readonly runner: ToolRunner;
}): ToolCore;
