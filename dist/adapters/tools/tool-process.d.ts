import type { DomainError } from "../../domain/errors.ts";
import type { Result } from "../../domain/result.ts";
/** A module the child loads tool definitions from; ids are looked up as `idPrefix + tool.id`. */
export interface ToolModule {
    /** A file: URL or a package specifier, as `import()` takes it. */
    readonly url: string;
    /** Prepended to each tool's own id, e.g. `"example."` for a tool pack. Default: none. */
    readonly idPrefix?: string;
}
/** Parent → child messages. `init` comes first and once; `run` only after the child answered `ready`. */
export type ParentMessage = {
    readonly type: "init";
    readonly modules: readonly ToolModule[];
    readonly warm: boolean;
} | {
    readonly type: "run";
    readonly toolId: string;
    readonly input: Record<string, unknown>;
};
/** Child → parent messages. */
export type ChildMessage = {
    readonly type: "ready";
} | {
    readonly type: "warmed";
    readonly rssBytes: number;
} | {
    readonly type: "result";
    readonly result: Result<unknown, DomainError>;
    readonly rssBytes: number;
} | {
    readonly type: "failed";
    readonly message: string;
    readonly rssBytes: number;
};
/** How one task ended, seen from the parent. */
export type TaskOutcome = {
    readonly kind: "result";
    readonly result: Result<unknown, DomainError>;
    readonly rssBytes: number;
} | {
    readonly kind: "failed";
    readonly message: string;
    readonly rssBytes: number;
} | {
    readonly kind: "died";
    readonly code: number | null;
    readonly signal: string | null;
};
/** What a ToolProcess is started with. */
export interface ToolProcessSpec {
    readonly entry: URL;
    readonly execArgv: readonly string[];
    readonly modules: readonly ToolModule[];
    readonly warm: boolean;
    /** Added to the child's nice value, so the server's own event loop wins the CPU over tool work. */
    readonly niceness: number;
}
/**
 * The server's environment without its secrets (REDIS_URL with its password, session keys…): a process that
 * evaluates hostile input holds nothing worth stealing. NODE_OPTIONS stays out too: the pool sets the flags.
 */
export declare function toolEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
/**
 * One forked child that runs tool tasks one at a time. It is born loading its tool modules, then warms up while it
 * already takes tasks, and dies with its parent: it exits when the IPC channel closes.
 */
export declare class ToolProcess {
    /** Settles once the tool modules are loaded: the child takes tasks from then on. Rejects when it dies first. */
    readonly ready: Promise<void>;
    /** Resolves once the child has also warmed up (or was told not to); never rejects, may never resolve if it dies. */
    readonly warmed: Promise<void>;
    private markWarmed;
    private markReady;
    /** Resolves once the child has exited, for whatever reason. */
    readonly exited: Promise<void>;
    private readonly child;
    private pending?;
    private alive;
    private wasReady;
    private warmDone;
    private stderrTail;
    private baseline;
    constructor(spec: ToolProcessSpec);
    /** Whether the child ever became ready; false after an exit means it failed to start. */
    get started(): boolean;
    /** Resident memory once loaded and warm, in bytes; 0 until then. What "grown" is measured against. */
    get baselineRssBytes(): number;
    get pid(): number | undefined;
    /** Runs one task; never rejects: a child that dies mid-task resolves as `died`. One task at a time. */
    run(toolId: string, input: Record<string, unknown>): Promise<TaskOutcome>;
    /** SIGKILL: a child stuck in a loop that never yields cannot be asked to stop. */
    kill(): void;
    /**
     * V8's fatal-error line from the child's stderr ("Reached heap limit…"), or "". Nothing else the child printed is
     * returned: an exception message may quote the input, which may be secret.
     */
    lastWords(): string;
    private onMessage;
    private onExit;
    private send;
    private idle;
    private lowerPriority;
}
