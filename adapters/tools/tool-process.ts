import { type ChildProcess, fork } from "node:child_process";
import type { Socket } from "node:net";
import { getPriority, setPriority } from "node:os";
import { type ChildMessage, type ParentMessage, type TaskOutcome, toolEnvironment, type ToolProcessSpec } from "./tool-process-protocol.ts";

/**
 * One forked child that runs tool tasks one at a time. It is born loading its tool modules, then warms up while it
 * already takes tasks, and dies with its parent: it exits when the IPC channel closes.
 */
export class ToolProcess {
  /** Settles once the tool modules are loaded: the child takes tasks from then on. Rejects when it dies first. */
  readonly ready: Promise<void>;
  /** Resolves once the child has also warmed up (or was told not to); never rejects, may never resolve if it dies. */
  readonly warmed: Promise<void>;
  private markWarmed: () => void = () => {};
  private markReady: () => void = () => {};
  /** Resolves once the child has exited, for whatever reason. */
  readonly exited: Promise<void>;
  private readonly child: ChildProcess;
  private pending?: (outcome: TaskOutcome) => void;
  private alive = true;
  private wasReady = false;
  private warmDone = false;
  private stderrTail = "";
  private baseline = 0;
  /** Without a warm-up: the tools this child has been given a task of, each prepared on its first. */
  private readonly givenTools: Set<string> | undefined;
  private markPrepared?: () => void;
  /** The cap of the warm-up's current example (see ToolProcessSpec.warmUpCapMs). */
  private warmUpTimer?: NodeJS.Timeout;
  /** The tool whose example the warm-up is running, until it is over. */
  private warmingTool?: string;
  /** Whether the pending task has begun in the child (a task sent to a warm child begins at once). */
  private pendingBegun = false;
  private killedByParent = false;
  private warmUpDeath?: { readonly toolId: string; readonly how: string };

  /**
   * `warmUp.skip`: tools left out of this child's warm-up. `warmUp.onOverrun`: told which tool's example ran past the
   * warm-up's cap; the owner then kills the child (the warm-up cannot be stopped otherwise: an example may loop).
   */
  constructor(private readonly spec: ToolProcessSpec, private readonly warmUp: { readonly skip: readonly string[]; readonly onOverrun: (toolId: string) => void }) {
    this.givenTools = spec.warm ? undefined : new Set();
    // Advanced serialization carries what a worker thread could (Uint8Array, Map, undefined) across the IPC channel.
    this.child = fork(spec.entry, [], {
      execArgv: [...spec.execArgv], env: toolEnvironment(process.env), serialization: "advanced", stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    // Kept, not printed: V8's out-of-memory report would break the server's JSON log lines; the pool logs a summary.
    (this.child.stderr as Socket | null)?.unref();
    this.child.stderr?.on("data", (chunk: Buffer) => (this.stderrTail = (this.stderrTail + chunk.toString()).slice(-4096)));
    this.exited = new Promise((resolve) => {
      this.child.once("exit", (code, signal) => {
        clearTimeout(this.warmUpTimer);
        this.onExit(code, signal, resolve);
      });
      // A process that could not be spawned at all (EAGAIN, ENOMEM) reports 'error' and never 'exit'.
      this.child.once("error", () => (this.child.pid === undefined ? this.onExit(null, null, resolve) : this.kill()));
    });
    this.ready = new Promise((resolve, reject) => {
      this.markReady = resolve;
      this.exited.then(() => reject(new Error("the tool process exited before it was ready")));
    });
    this.warmed = new Promise((resolve) => (this.markWarmed = resolve));
    // Booting holds the event loop open (a caller may be awaiting it); an idle, warm child does not.
    this.warmed.then(() => {
      this.warmDone = true;
      this.idle();
    });
    this.ready.then(() => (this.wasReady = true), () => {});
    // One listener from the start: "ready" and "warmed" can arrive in one chunk, emitted back to back.
    this.child.on("message", (message: ChildMessage) => this.onMessage(message));
    this.child.once("spawn", () => this.lowerPriority(spec.niceness));
    this.child.on("error", () => {}); // handled above; a listener keeps a later 'error' (failed kill) from throwing
    this.send({ type: "init", modules: spec.modules, warm: spec.warm, skipWarmUp: warmUp.skip });
  }

  /** Whether the child ever became ready; false after an exit means it failed to start. */
  get started(): boolean {
    return this.wasReady;
  }

  /** Whether the warm-up is over: a task sent now does not share the child's CPU with it. */
  get warm(): boolean {
    return this.warmDone;
  }

  /**
   * When the task of `toolId` just given to this child starts its own run: undefined for now, else a promise that
   * resolves then (never rejects; it may never resolve if the child dies). A child still warming up finishes its
   * warm-up first; a child that was not warmed (TOOL_WARM_UP=false) first prepares a tool it has not run yet, as the
   * warm-up would have: the tool's libraries then load outside the task's time cap, as they do with the warm-up.
   */
  startOfRun(toolId: string): Promise<void> | undefined {
    if (!this.warmDone) return this.warmed;
    if (this.givenTools === undefined || this.givenTools.has(toolId)) return undefined;
    this.givenTools.add(toolId);
    return new Promise((resolve) => (this.markPrepared = resolve));
  }

  /**
   * The tool whose warm-up example has kept the pending task from beginning (the child's event loop never got to its
   * message: the example blocks it), or undefined: no task, the warm-up over, or the task begun and so its own.
   */
  heldBy(): string | undefined {
    return this.pending && !this.pendingBegun && !this.warmDone ? this.warmingTool : undefined;
  }

  /**
   * Once exited: the tool whose warm-up example the child died in of itself (an exit, a crash, out of memory), no
   * task having begun there that could have done it instead, and how; else undefined.
   */
  get diedInWarmUp(): { readonly toolId: string; readonly how: string } | undefined {
    return this.warmUpDeath;
  }

  /** Resident memory once loaded and warm, in bytes; 0 until then. What "grown" is measured against. */
  get baselineRssBytes(): number {
    return this.baseline;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Runs one task; never rejects: a child that dies mid-task resolves as `died`. One task at a time. */
  run(toolId: string, input: Record<string, unknown>): Promise<TaskOutcome> {
    if (this.pending) throw new Error("ToolProcess runs one task at a time");
    if (!this.alive) return Promise.resolve({ kind: "died", code: this.child.exitCode, signal: this.child.signalCode });
    // While a task runs, the channel holds the event loop open so the answer is awaited; idle, it does not.
    this.child.channel?.ref();
    this.child.ref();
    return new Promise((resolve) => {
      this.pending = resolve;
      this.pendingBegun = this.warmDone;
      this.send({ type: "run", toolId, input });
    });
  }

  /** SIGKILL: a child stuck in a loop that never yields cannot be asked to stop. */
  kill(): void {
    if (!this.alive) return;
    this.killedByParent = true;
    this.child.ref(); // so a caller awaiting `exited` sees the exit
    this.child.kill("SIGKILL");
  }

  /**
   * V8's fatal-error line from the child's stderr ("Reached heap limit…"), or "". Nothing else the child printed is
   * returned: an exception message may quote the input, which may be secret.
   */
  lastWords(): string {
    return (this.stderrTail.split("\n").find((line) => line.startsWith("FATAL ERROR")) ?? "").slice(0, 300);
  }

  private onMessage(message: ChildMessage): void {
    if (message.type === "ready") return this.markReady();
    if (message.type === "prepared") return this.prepared();
    if (message.type === "preparing") return this.capWarmUpStep(message.toolId);
    if (message.type === "started") return void (this.pendingBegun = true);
    if (message.type === "warmed") {
      clearTimeout(this.warmUpTimer);
      this.warmingTool = undefined;
      this.baseline = message.rssBytes;
      return this.markWarmed();
    }
    const settle = this.pending;
    this.pending = undefined;
    this.prepared(); // a task that ended before its tool was prepared (an unknown tool) has nothing left to wait for
    this.idle();
    if (!settle) return;
    if (message.type === "result") settle({ kind: "result", result: message.result, rssBytes: message.rssBytes });
    else if (message.type === "failed") settle({ kind: "failed", message: message.message, rssBytes: message.rssBytes });
  }

  private onExit(code: number | null, signal: string | null, resolve: () => void): void {
    if (!this.alive) return;
    this.alive = false;
    const heldBy = this.heldBy();
    const taskBegun = this.pending !== undefined && this.pendingBegun;
    if (!this.killedByParent && this.wasReady && !this.warmDone && !taskBegun && this.warmingTool !== undefined) {
      this.warmUpDeath = { toolId: this.warmingTool, how: signal ?? `exit code ${code}` };
    }
    const settle = this.pending;
    this.pending = undefined;
    settle?.({ kind: "died", code, signal, unbegun: heldBy !== undefined });
    resolve();
  }

  /** A tool's example started in the warm-up: the one before it ended, and this one gets the cap from now. */
  private capWarmUpStep(toolId: string): void {
    this.warmingTool = toolId;
    clearTimeout(this.warmUpTimer);
    this.warmUpTimer = setTimeout(() => this.warmUp.onOverrun(toolId), this.spec.warmUpCapMs);
    this.warmUpTimer.unref();
  }

  private prepared(): void {
    this.markPrepared?.();
    this.markPrepared = undefined;
  }

  private send(message: ParentMessage): void {
    // A send racing the child's death fails with EPIPE/ERR_IPC_CHANNEL_CLOSED; 'exit' reports the death.
    if (this.child.connected) this.child.send(message, (error) => error && this.kill());
  }

  private idle(): void {
    if (!this.warmDone || this.pending) return;
    this.child.channel?.unref();
    this.child.unref();
  }

  private lowerPriority(niceness: number): void {
    if (niceness === 0 || this.child.pid === undefined) return;
    try {
      setPriority(this.child.pid, Math.min(19, getPriority() + niceness));
    } catch {
      // Some platforms and containers refuse; the child then runs at the parent's priority, which is still correct.
    }
  }
}
