import type { CallerSignal } from "../../application/ports.ts";
import type { DomainError } from "../../domain/errors.ts";
import type { Result } from "../../domain/result.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import type { ToolProcess } from "./tool-process.ts";

/** One task of a ProcessPoolToolRunner, from the moment it is queued until it is answered. */
export interface Job {
  readonly tool: ToolDefinition;
  readonly input: Record<string, unknown>;
  readonly signal: CallerSignal | undefined;
  readonly resolve: (result: Result<unknown, DomainError>) => void;
  readonly reject: (error: Error) => void;
  /** While queued: the wait bound; once running: the run cap. */
  timer?: NodeJS.Timeout;
  startedAt?: number;
  /** The child that has the job now (a job handed back to the queue has none: its old child's outcome is not its own). */
  child?: ToolProcess;
  settled: boolean;
}

/** A child has taken the job: its wait bound ends and its run time starts counting. */
export function markRunning(job: Job, child: ToolProcess): void {
  clearTimeout(job.timer);
  job.timer = undefined;
  job.startedAt = performance.now();
  job.child = child;
}

/**
 * Arms the run cap of a job its child has just taken; `expire` runs once the cap is spent. The cap counts the task's
 * own run: on a child still warming up (the only free one), the task first waits for the warm-up, and on a child not
 * warmed at all for the preparation of a tool it has not run yet (ToolProcess.startOfRun); either wait is bounded by
 * one more cap.
 */
export function startRunCap(job: Job, child: ToolProcess, limitMs: number, expire: () => void): void {
  const startCap = () => {
    if (!job.settled && job.timer === undefined && job.child === child) job.timer = setTimeout(expire, limitMs);
  };
  const start = child.startOfRun(job.tool.id);
  if (start === undefined) startCap();
  else void Promise.race([start, child.exited, new Promise((resolve) => setTimeout(resolve, limitMs).unref())]).then(startCap);
}

/** Answers a job with `result`, unless it was answered already. */
export function settleJob(job: Job, result: Result<unknown, DomainError>): void {
  if (job.settled) return;
  job.settled = true;
  clearTimeout(job.timer);
  job.resolve(result);
}

/** Rejects a job's promise: the tool threw in its process, a bug rather than an outcome. */
export function failJob(job: Job, error: Error): void {
  job.settled = true;
  clearTimeout(job.timer);
  job.reject(error);
}
