import cluster, { type Worker } from "node:cluster";
import type { CallerSignal, ToolRunner } from "../../application/ports.ts";
import { type DomainError, serverBusy } from "../../domain/errors.ts";
import type { Result } from "../../domain/result.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import { InlineToolRunner } from "../tools/inline-tool-runner.ts";

/** What of a tool the primary's pool needs to run it: the children load the definitions themselves. */
type ToolRef = Pick<ToolDefinition, "id" | "timeoutMs">;

type Message =
  | { readonly kind: "tool-api:tool-run"; readonly id: number; readonly tool: ToolRef; readonly input: Record<string, unknown> }
  | { readonly kind: "tool-api:tool-abort"; readonly id: number }
  | { readonly kind: "tool-api:tool-result"; readonly id: number; readonly result: Result<unknown, DomainError> }
  | { readonly kind: "tool-api:tool-failed"; readonly id: number; readonly message: string };

const isMessage = (message: unknown): message is Message =>
  typeof message === "object" && message !== null && String((message as { kind?: unknown }).kind).startsWith("tool-api:tool-");

/** How often a worker looks whether the callers of its tasks in the primary's pool have left (only while it has any). */
const ABANDON_CHECK_MS = 200;

/** The primary's answer when it cannot be reached (it is stopping or gone): as the pool's own refusal. */
const PRIMARY_GONE = serverBusy();

const ignore = () => {};

/** A caller's signal in the primary, set when the worker says its caller left or the worker itself is gone. */
class RemoteSignal implements CallerSignal {
  aborted = false;
}

/**
 * The primary's side of one tool pool per machine under WORKERS: every worker's isolated tool calls run on `pool`
 * (TOOL_CONCURRENCY children plus a spare for the whole machine, not per worker). Queue order, caps and refusals are the
 * pool's own; a task of a worker that dies is dropped if it has not started, and its result goes nowhere if it has.
 */
export function serveToolPool(pool: ToolRunner): void {
  const pending = new Map<Worker, Map<number, RemoteSignal>>();
  const tasksOf = (worker: Worker) => {
    let tasks = pending.get(worker);
    if (!tasks) pending.set(worker, (tasks = new Map()));
    return tasks;
  };
  cluster.on("message", (worker: Worker, message: unknown) => {
    if (!isMessage(message)) return;
    const tasks = tasksOf(worker);
    if (message.kind === "tool-api:tool-abort") {
      const signal = tasks.get(message.id);
      if (signal) signal.aborted = true;
      return;
    }
    if (message.kind !== "tool-api:tool-run") return;
    const signal = new RemoteSignal();
    tasks.set(message.id, signal);
    const tool = { ...message.tool, worker: true } as ToolDefinition;
    pool.run(tool, message.input, signal).then(
      (result): Message => ({ kind: "tool-api:tool-result", id: message.id, result }),
      (error: unknown): Message => ({ kind: "tool-api:tool-failed", id: message.id, message: error instanceof Error ? error.message : String(error) }),
    ).then((reply) => {
      tasks.delete(message.id);
      // A worker gone meanwhile has nobody to answer; a send error without a callback would be thrown in the primary.
      if (!worker.isDead() && worker.isConnected()) worker.send(reply, undefined, undefined, ignore);
    });
  });
  cluster.on("exit", (worker: Worker) => {
    for (const signal of pending.get(worker)?.values() ?? []) signal.aborted = true;
    pending.delete(worker);
  });
}

/**
 * A worker's ToolRunner under WORKERS: tools that run inline run here; isolated ones (`worker: true`) go to the
 * primary's one pool (serveToolPool) over the cluster channel and come back as the pool answered them. A caller that
 * leaves is told to the primary within ABANDON_CHECK_MS, so a task still queued there is dropped unstarted.
 */
export class PrimaryToolRunner implements ToolRunner {
  private readonly waiting = new Map<number, { resolve(result: Result<unknown, DomainError>): void; reject(error: Error): void; signal?: CallerSignal }>();
  private nextId = 0;
  private watch: NodeJS.Timeout | undefined;

  constructor(private readonly inline: ToolRunner = new InlineToolRunner()) {
    process.on("message", (message: unknown) => {
      if (!isMessage(message) || (message.kind !== "tool-api:tool-result" && message.kind !== "tool-api:tool-failed")) return;
      const task = this.waiting.get(message.id);
      if (!task) return;
      this.settled(message.id);
      if (message.kind === "tool-api:tool-result") task.resolve(message.result);
      else task.reject(new Error(message.message));
    });
    // The primary gone: nothing will answer the tasks sent to it.
    process.on("disconnect", () => {
      for (const id of [...this.waiting.keys()]) this.answerGone(id);
    });
  }

  run(tool: ToolDefinition, input: Record<string, unknown>, signal?: CallerSignal): Promise<Result<unknown, DomainError>> {
    if (!tool.worker) return this.inline.run(tool, input, signal);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, signal });
      if (!process.connected || !process.send) return this.answerGone(id);
      const sent = { kind: "tool-api:tool-run", id, tool: { id: tool.id, timeoutMs: tool.timeoutMs }, input } satisfies Message;
      process.send(sent, undefined, undefined, (error: Error | null) => error && this.answerGone(id));
      if (signal) this.watch ??= setInterval(() => this.tellAbandoned(), ABANDON_CHECK_MS).unref();
    });
  }

  private tellAbandoned(): void {
    for (const [id, task] of this.waiting) {
      if (!task.signal?.aborted) continue;
      task.signal = undefined; // told once
      if (process.connected) process.send?.({ kind: "tool-api:tool-abort", id } satisfies Message, undefined, undefined, ignore);
    }
    if (![...this.waiting.values()].some((task) => task.signal)) this.stopWatch();
  }

  private answerGone(id: number): void {
    const task = this.waiting.get(id);
    if (!task) return;
    this.settled(id);
    task.resolve({ ok: false, error: PRIMARY_GONE });
  }

  private settled(id: number): void {
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.stopWatch();
  }

  private stopWatch(): void {
    clearInterval(this.watch);
    this.watch = undefined;
  }
}
