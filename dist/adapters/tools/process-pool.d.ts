import type { ToolRunner } from "../../application/ports.ts";
import { type DomainError } from "../../domain/errors.ts";
import { type Result } from "../../domain/result.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import { type ProcessPoolOptions } from "./process-pool-options.ts";
export type { ProcessPoolOptions } from "./process-pool-options.ts";
/**
 * Runs isolated tools (`worker: true`) in a pool of child processes, each with a heap cap, under a per-task time cap
 * and a bounded queue; every other tool runs inline. A task past its cap, out of memory or crashing kills only its
 * child and answers `tool_timeout`; a spare child takes the next task while a replacement boots.
 * @example
 * const runner = new ProcessPoolToolRunner();         // 2 running + 1 spare child, 16 queued, 256 MB heap each
 * const result = await runner.run(mathEvaluator, input); // ok(...), err(tool_timeout) or err(server_busy)
 * await runner.close();                                // on shutdown: lets running tasks finish, then kills children
 */
export declare class ProcessPoolToolRunner implements ToolRunner {
    private readonly children;
    private readonly idle;
    private readonly queue;
    private readonly active;
    private readonly options;
    private readonly readyWaiters;
    private booting?;
    private running;
    private bootFailures;
    private respawnTimer?;
    private closed;
    constructor(options?: ProcessPoolOptions);
    /** Resolves once every child is started and warm, or starting keeps failing (then see `onError`). */
    whenReady(): Promise<void>;
    /** The pids of the live children, for tests and diagnostics. */
    pids(): number[];
    run(tool: ToolDefinition, input: Record<string, unknown>): Promise<Result<unknown, DomainError>>;
    /** Stops taking work, refuses queued tasks, lets running tasks end (each within its cap), then kills every child. */
    close(): Promise<void>;
    private dispatch;
    private finish;
    private expire;
    private settle;
    private fail;
    /** Kills a child (stuck, or grown past the recycle mark); its exit starts a replacement. */
    private retire;
    /**
     * Starts one child when there are fewer than `concurrency + spares` and none is booting: boots run one at a time,
     * so a burst of killed tasks never has several children loading libraries at once on the server's CPUs.
     */
    private populate;
    private booted;
    private onExit;
}
