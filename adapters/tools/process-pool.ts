import type { CallerSignal, ToolRunner } from "../../application/ports.ts";
import { type DomainError, serverBusy, toolTimeout } from "../../domain/errors.ts";
import { err, type Result } from "../../domain/result.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import { type PoolSettings, type ProcessPoolOptions, resolvePoolOptions } from "./process-pool-options.ts";
import { failJob, type Job, markRunning, settleJob, startRunCap } from "./process-pool-job.ts";
import type { TaskOutcome } from "./tool-process-protocol.ts";
import type { ToolProcess } from "./tool-process.ts";
import { ToolProcessSet } from "./tool-process-set.ts";

export type { ProcessPoolOptions } from "./process-pool-options.ts";
export { catalogModule } from "./process-pool-options.ts";
export { catalogModules, poolModules } from "./pool-modules.ts";

/** What the pool holds and has done since it started: for tests, diagnostics and metrics. */
export interface PoolStats {
  /** Tasks that may run at once (`concurrency`). */
  readonly capacity: number;
  /** Live child processes, booting ones included; `ready`: those that take tasks; `idle`: ready and free. */
  readonly children: number;
  readonly ready: number;
  readonly idle: number;
  readonly running: number;
  readonly queued: number;
  /** Tasks handed to a child. */
  readonly started: number;
  /** Tasks killed at their run cap; tasks whose child died under them (out of memory, crash). */
  readonly timedOut: number;
  readonly died: number;
  /** `server_busy` answers: queue full, waited past the bound, or closing. None of them ran. */
  readonly refused: number;
  /** Tasks dropped unstarted because their caller left while they waited (answered `server_busy`, not in `refused`). */
  readonly abandoned: number;
}

/** Weight of the newest run in the average that Retry-After is estimated from. */
const RUN_AVERAGE_WEIGHT = 0.2;

/**
 * Runs isolated tools (`worker: true`) in a pool of child processes, each with a heap cap, and every other tool
 * inline. A task waits in a bounded queue (length and time): past either bound it is answered `server_busy` before
 * any of its work starts. Its time cap counts only its run: past it, or out of memory, or crashing, it kills only its
 * own child and answers `tool_timeout`; a spare takes the next task and the killed child is replaced at once.
 * @example
 * const runner = new ProcessPoolToolRunner();         // 2 running + 1 spare child, 16 queued for up to 10 s
 * const result = await runner.run(mathEvaluator, input); // ok(...), err(tool_timeout) or err(server_busy)
 * await runner.close();                                // on shutdown: lets running tasks finish, then kills children
 */
export class ProcessPoolToolRunner implements ToolRunner {
  private readonly queue: Job[] = [];
  private readonly active = new Set<Promise<unknown>>();
  private readonly options: PoolSettings;
  private readonly processes: ToolProcessSet;
  private readonly tally = { started: 0, timedOut: 0, died: 0, refused: 0, abandoned: 0 };
  private running = 0;
  private averageRunMs = 0;
  private closed = false;

  constructor(options: ProcessPoolOptions = {}) {
    this.options = resolvePoolOptions(options);
    // Pre-warm: children start now, one after another, before the first call needs one.
    this.processes = new ToolProcessSet(this.options.concurrency + this.options.spares, this.options.spec, {
      onIdle: () => this.dispatch(), onError: this.options.onError,
    });
  }

  /** Resolves once every child is started and warm, or starting keeps failing (then see `onError`). */
  whenReady(): Promise<void> {
    return this.processes.whenReady();
  }

  /** The pids of the live children, for tests and diagnostics. */
  pids(): number[] {
    return this.processes.pids();
  }

  stats(): PoolStats {
    const { children, ready, idle } = this.processes.counts();
    return { capacity: this.options.concurrency, children, ready, idle, running: this.running, queued: this.queue.length, ...this.tally };
  }

  async run(tool: ToolDefinition, input: Record<string, unknown>, signal?: CallerSignal): Promise<Result<unknown, DomainError>> {
    if (!tool.worker) return this.options.inline.run(tool, input, signal);
    if (signal?.aborted) return this.abandoned();
    // Tasks whose callers left hold places nobody waits for: a full queue first lets them go.
    if (this.full()) this.dropAbandoned();
    if (this.closed || this.full()) return this.refuse();
    const task = new Promise<Result<unknown, DomainError>>((resolve, reject) => {
      const job: Job = { tool, input, signal, resolve, reject, settled: false };
      job.timer = setTimeout(() => this.giveUp(job), this.options.maxWaitMs);
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
    for (const job of this.queue.splice(0)) settleJob(job, this.refuse());
    await Promise.allSettled([...this.active]);
    await this.processes.close();
  }

  /** No place left: the queue is at its bound and no child is free (an empty queue may have one, even with maxQueue 0). */
  private full(): boolean {
    const free = this.queue.length === 0 && this.running < this.options.concurrency && this.processes.counts().idle > 0;
    return this.queue.length >= this.options.maxQueue && !free;
  }

  private dropAbandoned(): void {
    for (const job of this.queue.filter((queued) => queued.signal?.aborted)) {
      this.queue.splice(this.queue.indexOf(job), 1);
      settleJob(job, this.abandoned());
    }
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.running < this.options.concurrency) {
      if (this.queue[0].signal?.aborted) {
        settleJob(this.queue.shift() as Job, this.abandoned());
        continue;
      }
      const child = this.processes.take();
      if (!child) return;
      const job = this.queue.shift() as Job;
      const limitMs = this.options.timeoutMsFor(job.tool);
      markRunning(job, child);
      this.running += 1;
      this.tally.started += 1;
      child.run(job.tool.id, job.input).then((outcome) => this.finish(job, child, outcome));
      startRunCap(job, child, limitMs, () => this.expire(job, child, limitMs));
    }
  }

  private finish(job: Job, child: ToolProcess, outcome: TaskOutcome): void {
    // Expired, or handed back to the queue (its child was killed and is being replaced): not this job's outcome.
    if (job.settled || job.child !== child) return;
    // Its warm-up killed the child before the task began (past the warm-up's cap, or of itself): the task never ran.
    if (outcome.kind === "died" && outcome.unbegun) return this.handBack(job);
    this.ended(job);
    if (outcome.kind === "died") {
      this.tally.died += 1;
      this.options.onError(new Error(`tool '${job.tool.id}' ended its process (${outcome.signal ?? outcome.code}): ${child.lastWords()}`));
      // Out of memory or crashed: the task is over and will not finish; say so as the contract's 504.
      settleJob(job, err({ code: "tool_timeout", message: "The tool ran out of its memory or time and was stopped." }));
    } else {
      if (outcome.kind === "result") settleJob(job, outcome.result);
      else failJob(job, new Error(`tool '${job.tool.id}' threw in its process: ${outcome.message}`));
      const baseline = child.baselineRssBytes; // 0 while still warming: nothing to compare with yet
      if (baseline > 0 && outcome.rssBytes > baseline + this.options.recycleGrowthMb * 2 ** 20) this.processes.retire(child);
      else this.processes.release(child);
    }
    this.dispatch();
  }

  /** The run cap: only this task's child is killed; queued tasks keep their place and go to the other children. */
  private expire(job: Job, child: ToolProcess, limitMs: number): void {
    const heldBy = child.heldBy();
    if (heldBy !== undefined) {
      this.processes.warmUpOverran(child, heldBy, performance.now() - (job.startedAt as number));
      return this.handBack(job);
    }
    this.ended(job);
    this.tally.timedOut += 1;
    this.processes.retire(child);
    settleJob(job, err(toolTimeout(limitMs)));
    this.dispatch();
  }

  /**
   * The task never began: its child's warm-up example held the child's event loop (a loop, for one cap of waiting and
   * one of running) or ended the child. That tool's warm-up is to blame: the child is replaced by one that leaves it
   * out, and the task goes back to the head of the queue, with a new wait bound, rather than answer tool_timeout for a
   * run that never happened — else, under steady traffic, every replacement looped and timed out the same way.
   */
  private handBack(job: Job): void {
    this.running -= 1;
    job.child = undefined;
    clearTimeout(job.timer);
    if (this.closed) return settleJob(job, this.refuse());
    job.timer = setTimeout(() => this.giveUp(job), this.options.maxWaitMs);
    this.queue.unshift(job);
    this.dispatch();
  }

  /** The wait bound: the task leaves the queue unstarted. */
  private giveUp(job: Job): void {
    const index = this.queue.indexOf(job);
    if (index < 0) return;
    this.queue.splice(index, 1);
    settleJob(job, this.refuse());
  }

  private ended(job: Job): void {
    this.running -= 1;
    const ms = performance.now() - (job.startedAt as number);
    this.averageRunMs = this.averageRunMs === 0 ? ms : this.averageRunMs + RUN_AVERAGE_WEIGHT * (ms - this.averageRunMs);
  }

  private refuse(): Result<never, DomainError> {
    this.tally.refused += 1;
    return this.busy();
  }

  /** A task whose caller left, dropped unstarted: answered as a refusal would be, for a caller no longer there. */
  private abandoned(): Result<never, DomainError> {
    this.tally.abandoned += 1;
    return this.busy();
  }

  /**
   * `server_busy`, with Retry-After the time the tasks now queued need to drain at the recent pace: at least 1 s,
   * at most the wait bound.
   */
  private busy(): Result<never, DomainError> {
    const drainMs = (this.averageRunMs * (this.queue.length + 1)) / this.options.concurrency;
    return err(serverBusy(Math.round(Math.min(Math.max(drainMs, 1000), Math.max(this.options.maxWaitMs, 1000)))));
  }
}
