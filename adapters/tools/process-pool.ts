import type { ToolRunner } from "../../application/ports.ts";
import { type DomainError, serverBusy, toolTimeout } from "../../domain/errors.ts";
import { err, type Result } from "../../domain/result.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import { type PoolSettings, type ProcessPoolOptions, resolvePoolOptions } from "./process-pool-options.ts";
import { type TaskOutcome, ToolProcess } from "./tool-process.ts";

export type { ProcessPoolOptions } from "./process-pool-options.ts";
export { CATALOG_MODULE } from "./process-pool-options.ts";

interface Job {
  readonly tool: ToolDefinition;
  readonly input: Record<string, unknown>;
  readonly limitMs: number;
  readonly resolve: (result: Result<unknown, DomainError>) => void;
  readonly reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
  child?: ToolProcess;
  settled: boolean;
}

/** A child that dies this many times in a row before it is ready points at a broken setup: back off. */
const BOOT_FAILURES_BEFORE_BACKOFF = 3;
const BOOT_BACKOFF_MS = 5_000;
/** A child whose warm-up takes longer than this no longer holds back the next child's boot. */
const WARM_CAP_MS = 30_000;

/**
 * Runs isolated tools (`worker: true`) in a pool of child processes, each with a heap cap, under a per-task time cap
 * and a bounded queue; every other tool runs inline. A task past its cap, out of memory or crashing kills only its
 * child and answers `tool_timeout`; a spare child takes the next task while a replacement boots.
 * @example
 * const runner = new ProcessPoolToolRunner();         // 2 running + 1 spare child, 16 queued, 256 MB heap each
 * const result = await runner.run(mathEvaluator, input); // ok(...), err(tool_timeout) or err(server_busy)
 * await runner.close();                                // on shutdown: lets running tasks finish, then kills children
 */
export class ProcessPoolToolRunner implements ToolRunner {
  private readonly children = new Set<ToolProcess>();
  private readonly idle: ToolProcess[] = [];
  private readonly queue: Job[] = [];
  private readonly active = new Set<Promise<unknown>>();
  private readonly options: PoolSettings;
  private readonly readyWaiters: (() => void)[] = [];
  private booting?: ToolProcess;
  private running = 0;
  private bootFailures = 0;
  private respawnTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(options: ProcessPoolOptions = {}) {
    this.options = resolvePoolOptions(options);
    // Pre-warm: children start now, one after another, before the first call needs one.
    this.populate();
  }

  /** Resolves once every child is started and warm, or starting keeps failing (then see `onError`). */
  whenReady(): Promise<void> {
    if (!this.booting && this.children.size >= this.options.concurrency + this.options.spares) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** The pids of the live children, for tests and diagnostics. */
  pids(): number[] {
    return [...this.children].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
  }

  async run(tool: ToolDefinition, input: Record<string, unknown>): Promise<Result<unknown, DomainError>> {
    if (!tool.worker) return this.options.inline.run(tool, input);
    if (this.closed || this.running + this.queue.length >= this.options.concurrency + this.options.maxQueue) return err(serverBusy());
    const task = new Promise<Result<unknown, DomainError>>((resolve, reject) => {
      const job: Job = { tool, input, limitMs: this.options.timeoutMsFor(tool), resolve, reject, settled: false };
      job.timer = setTimeout(() => this.expire(job), job.limitMs);
      this.queue.push(job);
    });
    this.active.add(task);
    this.dispatch();
    try {
      return await task;
    } finally {
      this.active.delete(task);
    }
  }

  /** Stops taking work, refuses queued tasks, lets running tasks end (each within its cap), then kills every child. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.respawnTimer);
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    for (const job of this.queue.splice(0)) this.settle(job, err(serverBusy()));
    await Promise.allSettled([...this.active]);
    const exits = [...this.children].map((child) => (child.kill(), child.exited));
    await Promise.all(exits);
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.running < this.options.concurrency && this.idle.length > 0) {
      const job = this.queue.shift() as Job;
      const child = this.idle.shift() as ToolProcess;
      job.child = child;
      this.running += 1;
      child.run(job.tool.id, job.input).then((outcome) => this.finish(job, child, outcome));
    }
  }

  private finish(job: Job, child: ToolProcess, outcome: TaskOutcome): void {
    if (job.settled) return; // expired: its child was killed and already replaced
    this.running -= 1;
    if (outcome.kind === "died") {
      this.options.onError(new Error(`tool '${job.tool.id}' ended its process (${outcome.signal ?? outcome.code}): ${child.lastWords()}`));
      // Out of memory or crashed: the task is over and will not finish; say so as the contract's 504.
      this.settle(job, err({ code: "tool_timeout", message: "The tool ran out of its memory or time and was stopped." }));
    } else {
      if (outcome.kind === "result") this.settle(job, outcome.result);
      else this.fail(job, new Error(`tool '${job.tool.id}' threw in its process: ${outcome.message}`));
      const baseline = child.baselineRssBytes; // 0 while still warming: nothing to compare with yet
      if (baseline > 0 && outcome.rssBytes > baseline + this.options.recycleGrowthMb * 2 ** 20) this.retire(child);
      else this.idle.push(child);
    }
    this.dispatch();
  }

  private expire(job: Job): void {
    const index = this.queue.indexOf(job);
    if (index >= 0) this.queue.splice(index, 1);
    else if (job.child) {
      this.running -= 1;
      this.retire(job.child);
    }
    this.settle(job, err(toolTimeout(job.limitMs)));
    this.dispatch();
  }

  private settle(job: Job, result: Result<unknown, DomainError>): void {
    if (job.settled) return;
    job.settled = true;
    clearTimeout(job.timer);
    job.resolve(result);
  }

  private fail(job: Job, error: Error): void {
    job.settled = true;
    clearTimeout(job.timer);
    job.reject(error);
  }

  /** Kills a child (stuck, or grown past the recycle mark); its exit starts a replacement. */
  private retire(child: ToolProcess): void {
    const index = this.idle.indexOf(child);
    if (index >= 0) this.idle.splice(index, 1);
    child.kill();
  }

  /**
   * Starts one child when there are fewer than `concurrency + spares` and none is booting: boots run one at a time,
   * so a burst of killed tasks never has several children loading libraries at once on the server's CPUs.
   */
  private populate(): void {
    if (this.closed || this.booting || this.respawnTimer) return;
    if (this.children.size >= this.options.concurrency + this.options.spares) {
      for (const resolve of this.readyWaiters.splice(0)) resolve();
      return;
    }
    const child = new ToolProcess(this.options.spec);
    this.children.add(child);
    this.booting = child;
    child.exited.then(() => this.onExit(child));
    child.ready.then(() => {
      this.bootFailures = 0;
      if (this.closed) return child.kill();
      this.idle.push(child);
      this.dispatch();
    }, () => {});
    const warmCap = setTimeout(() => this.booted(child), WARM_CAP_MS).unref();
    Promise.race([child.warmed, child.exited]).then(() => (clearTimeout(warmCap), this.booted(child)));
  }

  private booted(child: ToolProcess): void {
    if (this.booting !== child) return;
    this.booting = undefined;
    this.populate();
  }

  private onExit(child: ToolProcess): void {
    this.children.delete(child);
    if (this.booting === child) this.booting = undefined;
    const index = this.idle.indexOf(child);
    if (index >= 0) this.idle.splice(index, 1);
    if (this.closed) return;
    if (!child.started) this.bootFailures += 1;
    else if (index >= 0) this.options.onError(new Error(`an idle tool process (pid ${child.pid}) died; replacing it`));
    if (this.bootFailures < BOOT_FAILURES_BEFORE_BACKOFF) return this.populate();
    this.options.onError(new Error(`tool processes failed to start ${this.bootFailures} times in a row; retrying in ${BOOT_BACKOFF_MS} ms`));
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    this.respawnTimer = setTimeout(() => {
      this.respawnTimer = undefined;
      this.bootFailures = 0;
      this.populate();
    }, BOOT_BACKOFF_MS);
    this.respawnTimer.unref();
  }
}
