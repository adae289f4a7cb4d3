import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { ToolRunner } from "../../application/ports.ts";
import { type DomainError, serverBusy, toolTimeout } from "../../domain/errors.ts";
import { err, type Result } from "../../domain/result.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import { InlineToolRunner } from "./inline-tool-runner.ts";
import type { ToolTask } from "./tool-worker.ts";

/** How a PiscinaToolRunner is sized; every field has a default fit for a 2-core machine. */
export interface PiscinaToolRunnerOptions {
  /** The time cap of one execution; default: the tool's `timeoutMs`, else `defaultTimeoutMs`. */
  readonly timeoutMsFor?: (tool: ToolDefinition) => number;
  /** Cap for tools that declare no `timeoutMs`. Default 10 000. */
  readonly defaultTimeoutMs?: number;
  /** Worker threads kept alive (unref'd, so they never hold the process open). Default 1. */
  readonly minThreads?: number;
  /** Default 2. */
  readonly maxThreads?: number;
  /** Tasks allowed to wait once every thread is busy; one more answers `server_busy`. Default 16. */
  readonly maxQueue?: number;
  /** How long a thread above `minThreads` may sit idle before it exits. Default 30 000. */
  readonly idleTimeoutMs?: number;
  /** V8 old-space cap per worker: a memory bomb kills its worker, not the server. Default 256. */
  readonly maxOldGenerationSizeMb?: number;
  /** Where tools without `worker: true` run. Default: an InlineToolRunner with the system context. */
  readonly inline?: ToolRunner;
  /** The worker entry module; tests swap in a fixture. Default: ./tool-worker.mjs. */
  readonly filename?: string;
  /** TOOL_PACKS specifiers: each worker loads these packs too, so pack tools with `worker: true` run isolated. */
  readonly packSpecifiers?: readonly string[];
  /** Receives errors of idle workers (no task to fail). Default: process.emitWarning. */
  readonly onError?: (error: Error) => void;
}

const DEFAULT_WORKER = fileURLToPath(new URL("./tool-worker.mjs", import.meta.url));

/**
 * Runs CPU-heavy tools (`worker: true`) in a piscina pool under a time cap and a bounded queue; every other
 * tool runs inline. The cap counts from submission, queue wait included, so no caller waits longer than it.
 * @example
 * const runner = new PiscinaToolRunner();            // tool.timeoutMs caps, 1–2 threads, 16 queued
 * const result = await runner.run(bcryptHash, input); // ok(...), err(tool_timeout) or err(server_busy)
 * await runner.close();                                // on shutdown: lets running tasks finish
 */
export class PiscinaToolRunner implements ToolRunner {
  private readonly pool: Piscina;
  private readonly inline: ToolRunner;
  private readonly timeoutMsFor: (tool: ToolDefinition) => number;
  private readonly capacity: number;
  private inFlight = 0;

  constructor(options: PiscinaToolRunnerOptions = {}) {
    const maxThreads = options.maxThreads ?? 2;
    const maxQueue = options.maxQueue ?? 16;
    const defaultTimeoutMs = options.defaultTimeoutMs ?? 10_000;
    this.inline = options.inline ?? new InlineToolRunner();
    this.timeoutMsFor = options.timeoutMsFor ?? ((tool) => tool.timeoutMs ?? defaultTimeoutMs);
    // piscina does not count tasks that carry an AbortSignal against maxQueue, so the bound is enforced here.
    this.capacity = maxThreads + maxQueue;
    this.pool = new Piscina({
      filename: options.filename ?? DEFAULT_WORKER,
      minThreads: Math.min(options.minThreads ?? 1, maxThreads),
      maxThreads,
      maxQueue,
      idleTimeout: options.idleTimeoutMs ?? 30_000,
      workerData: { packSpecifiers: [...(options.packSpecifiers ?? [])], root: process.cwd() },
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 256 },
    });
    // Without a listener, an 'error' event (a worker dying while idle) would crash the whole process.
    this.pool.on("error", options.onError ?? ((error: Error) => process.emitWarning(error)));
  }

  async run(tool: ToolDefinition, input: Record<string, unknown>): Promise<Result<unknown, DomainError>> {
    if (!tool.worker) return this.inline.run(tool, input);
    if (this.inFlight >= this.capacity) return err(serverBusy());
    const limitMs = this.timeoutMsFor(tool);
    const signal = AbortSignal.timeout(limitMs);
    const task: ToolTask = { toolId: tool.id, input };
    this.inFlight += 1;
    try {
      // An abort of a running task terminates its worker thread; piscina then starts a fresh one.
      return (await this.pool.run(task, { signal })) as Result<unknown, DomainError>;
    } catch (error) {
      if (signal.aborted) return err(toolTimeout(limitMs));
      if ((error as Error).message === "Task queue is at limit") return err(serverBusy());
      throw error;
    } finally {
      this.inFlight -= 1;
    }
  }

  /** Stops taking work, lets running tasks finish (up to piscina's 30 s close timeout), then ends every thread. */
  async close(): Promise<void> {
    await this.pool.close();
  }
}
