import type { ToolProcessSpec } from "./tool-process-protocol.ts";
import { ToolProcess } from "./tool-process.ts";

/** A child that dies this many times in a row before it is ready points at a broken setup: back off. */
const BOOT_FAILURES_BEFORE_BACKOFF = 3;
const BOOT_BACKOFF_MS = 5_000;
/** A child whose warm-up takes longer than this no longer holds back the next child's boot. */
const WARM_CAP_MS = 30_000;

/** What the set reports to its owner. */
export interface ToolProcessSetEvents {
  /** A child became free to take a task (ready for the first time, or given back). */
  readonly onIdle: () => void;
  /** Idle children that die, children that keep failing to start. */
  readonly onError: (error: Error) => void;
}

/**
 * The pool's child processes: keeps `size` of them alive, hands out idle ones and replaces the dead. Boots that fill
 * the set (at start, after a recycle) run one at a time, so they never crowd the server's CPUs; a child that dies or
 * is killed while in service is replaced at once, whatever else is booting, so the pool's capacity comes back.
 */
export class ToolProcessSet {
  private readonly children = new Set<ToolProcess>();
  private readonly idle: ToolProcess[] = [];
  /** Started and not yet warm (nor past the warm cap): while any is, filling boots wait. */
  private readonly booting = new Set<ToolProcess>();
  private readonly readyWaiters: (() => void)[] = [];
  /** Tools whose example ran past the warm-up's cap in a child: every later child's warm-up leaves them out. */
  private readonly skipWarmUp = new Set<string>();
  private bootFailures = 0;
  private respawnTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly size: number, private readonly spec: ToolProcessSpec, private readonly events: ToolProcessSetEvents) {
    this.populate();
  }

  /** Resolves once every child is started and warm, or starting keeps failing. */
  whenReady(): Promise<void> {
    if (this.booting.size === 0 && this.children.size >= this.size) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Live children (booting included), children that take tasks, and those idle now. */
  counts(): { readonly children: number; readonly ready: number; readonly idle: number; readonly booting: number } {
    const ready = [...this.children].filter((child) => child.started).length;
    return { children: this.children.size, ready, idle: this.idle.length, booting: this.booting.size };
  }

  pids(): number[] {
    return [...this.children].flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
  }

  /** An idle child for one task, a warm one first (a warming child shares its CPU with the warm-up), or none. */
  take(): ToolProcess | undefined {
    const warm = this.idle.findIndex((child) => child.warm);
    return this.idle.splice(warm >= 0 ? warm : 0, 1)[0];
  }

  /** Gives a child back after its task. */
  release(child: ToolProcess): void {
    this.idle.push(child);
  }

  /** Kills a child (past its cap, or grown past the recycle mark); its exit starts a replacement. */
  retire(child: ToolProcess): void {
    const index = this.idle.indexOf(child);
    if (index >= 0) this.idle.splice(index, 1);
    child.kill();
  }

  /** Kills every child and resolves once all have exited. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.respawnTimer);
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    await Promise.all([...this.children].map((child) => (child.kill(), child.exited)));
  }

  /** Starts one filling boot when the set is short and nothing boots. */
  private populate(): void {
    if (this.closed || this.booting.size > 0 || this.respawnTimer) return;
    if (this.children.size < this.size) return this.start();
    for (const resolve of this.readyWaiters.splice(0)) resolve();
  }

  private start(): void {
    const child = new ToolProcess(this.spec, { skip: [...this.skipWarmUp], onOverrun: (toolId) => this.warmUpOverran(child, toolId, this.spec.warmUpCapMs) });
    this.children.add(child);
    this.booting.add(child);
    child.exited.then(() => this.onExit(child));
    child.ready.then(() => {
      this.bootFailures = 0;
      if (this.closed) return child.kill();
      this.idle.push(child);
      this.events.onIdle();
    }, () => {});
    const warmCap = setTimeout(() => this.booted(child), WARM_CAP_MS).unref();
    Promise.race([child.warmed, child.exited]).then(() => (clearTimeout(warmCap), this.booted(child)));
  }

  /**
   * `toolId`'s warm-up example has run past `ms` (the warm-up's cap, or a task's cap held up by it): the child is
   * killed, and its exit replaces it (a started one at once) with one whose warm-up leaves the tool out.
   */
  warmUpOverran(child: ToolProcess, toolId: string, ms: number): void {
    this.skipWarmUp.add(toolId);
    this.retire(child);
    this.events.onError(new Error(`the warm-up of tool '${toolId}' (its first example) ran past ${Math.round(ms)} ms: its process is replaced, and later processes leave it out of their warm-up`));
  }

  private booted(child: ToolProcess): void {
    if (this.booting.delete(child)) this.populate();
  }

  private onExit(child: ToolProcess): void {
    this.children.delete(child);
    this.booting.delete(child);
    const index = this.idle.indexOf(child);
    if (index >= 0) this.idle.splice(index, 1);
    if (this.closed) return;
    if (child.started) {
      const warmUpDeath = child.diedInWarmUp;
      if (warmUpDeath) {
        // Else every replacement would run the same example and die the same way, a boot's CPU each time.
        this.skipWarmUp.add(warmUpDeath.toolId);
        this.events.onError(new Error(`the warm-up of tool '${warmUpDeath.toolId}' (its first example) ended its process (${warmUpDeath.how}): it is replaced, and later processes leave the tool out of their warm-up`));
      } else if (index >= 0) this.events.onError(new Error(`an idle tool process (pid ${child.pid}) died; replacing it`));
      // Capacity lost in service comes back at once, not after the boots queued before it.
      if (!this.respawnTimer && this.children.size < this.size) this.start();
      return;
    }
    this.bootFailures += 1;
    if (this.bootFailures < BOOT_FAILURES_BEFORE_BACKOFF) return this.populate();
    this.events.onError(new Error(`tool processes failed to start ${this.bootFailures} times in a row; retrying in ${BOOT_BACKOFF_MS} ms`));
    for (const resolve of this.readyWaiters.splice(0)) resolve();
    this.respawnTimer = setTimeout(() => {
      this.respawnTimer = undefined;
      this.bootFailures = 0;
      this.populate();
    }, BOOT_BACKOFF_MS);
    this.respawnTimer.unref();
  }
}
