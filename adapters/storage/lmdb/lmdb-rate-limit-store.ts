import { mkdirSync } from "node:fs";
import type { RootDatabase } from "lmdb";
import type { Clock, RateLimitStore } from "../../../application/ports.ts";
import { guardStorage, StorageUnavailableError } from "../../../application/storage-unavailable.ts";
import { type WindowHit, windowAt } from "../../../domain/rate-limit.ts";
import { inCheckPhase } from "../../check-phase.ts";
import { openShared, type SharedEnvironment } from "./lmdb-environments.ts";
import { SpentBuckets } from "../spent-buckets.ts";
import { applyTurn, type CounterCall, counterKey, current, decodeCounter, pastLimit, sweepEndedCounters } from "./lmdb-rate-counters.ts";

/** The counters' own file in DATA_DIR, beside store.mdb. */
export const LIMITS_FILE = "limits.mdb";
/** How often the counters of ended windows are removed, so the file follows the active buckets. */
export const COUNTER_SWEEP_EVERY_MS = 60_000;

/**
 * The counters' environment under `dataDir`, opened once per process. It never syncs to disk (noSync, noMetaSync):
 * a commit is in the OS's page cache at once, which every process on the machine reads and which outlives a process
 * killed with SIGKILL, so such a kill loses no count; only a power loss or a kernel crash may lose the last counts
 * (the limiter before this one lost up to a second of counting on any crash). Without a sync a write transaction
 * costs ≈ 20 µs of CPU instead of a disk flush (≈ 600 µs on store.mdb), and keeps LMDB's crash safety: a
 * transaction cut short never reaches the meta page. Not `useWritemap` (≈ 5 µs a transaction): LMDB documents it as
 * incompatible with nested transactions, and a keys CLI writing beside others once failed a commit with
 * "mdb_page_touch no parent" while it was on.
 */
export function openLimitsEnvironment(dataDir: string): SharedEnvironment {
  mkdirSync(dataDir, { recursive: true });
  return openShared({ path: `${dataDir}/${LIMITS_FILE}`, noSync: true, noMetaSync: true });
}

/** One call waiting for its turn's transaction, and its promise's ends. */
interface Pending extends CounterCall {
  resolve(hit: WindowHit | undefined): void;
  reject(error: unknown): void;
}

/**
 * Exact fixed-window counters in LMDB, shared by every process that opens the same DATA_DIR (the server's workers and
 * the CLI) as exactly as by one. The hits and releases one process receives in an event-loop turn wait for the check
 * phase, then run as ONE write transaction, which LMDB serializes across processes: it reads each bucket's counter,
 * applies that turn's calls in the order they came (each hit gets its own count, as if sent one after another), and
 * writes the counter back. Same semantics as MemoryRateLimitStore; a failed transaction fails every call of its turn
 * with StorageUnavailableError (storage fails closed). Counters of ended windows are removed by a periodic sweep.
 * A hit given its limit is never written once its window is past it: the count stops at limit + 1. On a bucket this
 * process has seen spent, such a hit is answered from a read before the transaction, so a flood of refused requests
 * takes no write lock from the workers beside it and costs less CPU (measured: see docs/design.md).
 */
export class LmdbRateLimitStore implements RateLimitStore {
  private turn: Pending[] = [];
  /** Only these buckets' hits are read before the transaction: a hit under its limit (every execute) pays no read. */
  private readonly spent: SpentBuckets;
  private readonly sweeper: NodeJS.Timeout;
  private sweeping: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly db: RootDatabase<string, string>, private readonly clock: Clock, sweepEveryMs = COUNTER_SWEEP_EVERY_MS) {
    this.spent = new SpentBuckets(() => clock.now());
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), sweepEveryMs).unref();
  }

  hit(bucket: string, windowMs: number, limit?: number): Promise<WindowHit> {
    return this.enqueue(bucket, windowMs, undefined, limit) as Promise<WindowHit>;
  }

  async release(bucket: string, windowMs: number, windowId: number): Promise<void> {
    if (!Number.isSafeInteger(windowId)) throw new RangeError(`windowId must be an integer, got ${windowId}`);
    await this.enqueue(bucket, windowMs, windowId);
  }

  async peek(bucket: string, windowMs: number): Promise<WindowHit> {
    if (!Number.isSafeInteger(windowMs) || windowMs < 1) throw new RangeError(`windowMs must be a positive integer, got ${windowMs}`);
    return guardStorage("rate limit peek", async () => {
      if (this.closed) throw new Error("the rate-limit store is closed");
      // lmdb-js keeps one read snapshot for the rest of the turn; another process's commits must be seen now.
      this.db.resetReadTxn();
      const counter = decodeCounter(this.db.get(counterKey(bucket)));
      const window = windowAt(windowMs, this.clock.now());
      return { count: counter && counter.windowMs === windowMs && counter.windowId === window.id ? counter.count : 0, resetInMs: window.resetInMs };
    });
  }

  /** Removes the counters whose window has ended (the timer runs it; resolves with how many). */
  sweep(): Promise<number> {
    const run = this.sweeping.then(() => sweepEndedCounters(this.db, () => this.clock.now(), () => this.closed));
    this.sweeping = run.catch(() => undefined);
    return run;
  }

  /** Counts the calls still waiting, stops the sweep and waits for a running one: then the environment may close. */
  async close(): Promise<void> {
    if (this.turn.length > 0) this.runTurn();
    this.closed = true;
    clearInterval(this.sweeper);
    await this.sweeping;
  }

  private enqueue(bucket: string, windowMs: number, release?: number, limit?: number): Promise<WindowHit | undefined> {
    if (!Number.isSafeInteger(windowMs) || windowMs < 1) return Promise.reject(new RangeError(`windowMs must be a positive integer, got ${windowMs}`));
    if (this.closed) return Promise.reject(new StorageUnavailableError("the rate-limit store is closed"));
    return new Promise((resolve, reject) => {
      // The check phase: after every request this turn's poll phase read, so their calls share the transaction; the
      // answers its hits lead to are sent in the same check phase (followUp).
      if (this.turn.length === 0) inCheckPhase(() => this.runTurn(), { followUp: true });
      this.turn.push({ bucket, windowMs, release, limit, resolve, reject });
    });
  }

  /**
   * Counts these hits now, in one transaction, for a caller that batches its own turn in the check phase (the embedded
   * store's counted key reads): the same answers as `hit` with each one's limit. Throws StorageUnavailableError when
   * the transaction fails, as `hit` rejects.
   */
  countNow(hits: readonly CounterCall[]): WindowHit[] {
    if (this.closed) throw new StorageUnavailableError("the rate-limit store is closed");
    const answers: WindowHit[] = [];
    let failure: { readonly error: unknown } | undefined;
    this.settle(hits.map((hit, i) => ({
      ...hit,
      resolve: (answer) => void (answers[i] = answer as WindowHit),
      reject: (error) => void (failure ??= { error }),
    })));
    if (failure) throw failure.error;
    return answers;
  }

  private runTurn(): void {
    const turn = this.turn;
    if (turn.length === 0) return;
    this.turn = [];
    this.settle(turn);
  }

  /** Answers every call of `turn`: the refused ones from a read, the others from one transaction. */
  private settle(turn: readonly Pending[]): void {
    let counted: readonly Pending[] = turn;
    let answers: (WindowHit | undefined)[];
    try {
      counted = this.answerRefused(turn);
      answers = counted.length === 0 ? [] : this.db.transactionSync(() => applyTurn(this.db, counted, this.clock.now()));
    } catch (error) {
      const failure = new StorageUnavailableError("storage failed during rate limit hit", { cause: error });
      for (const call of counted) call.reject(failure);
      return;
    }
    counted.forEach((call, i) => {
      this.spent.note(call.bucket, call.limit, answers[i]);
      call.resolve(answers[i]);
    });
  }

  /**
   * Answers the hits on spent buckets that a fresh read finds past their limit still, and returns the calls left to
   * count. Exact across processes: such a refusal writes nothing, so it takes effect at the read, which comes after
   * the request arrived and sees every commit made before it.
   */
  private answerRefused(turn: readonly Pending[]): readonly Pending[] {
    if (!turn.some((call) => call.limit !== undefined && this.spent.has(call.bucket))) return turn;
    // lmdb-js keeps one read snapshot for the rest of the turn; the commits of other processes must be seen now.
    this.db.resetReadTxn();
    const now = this.clock.now();
    return turn.filter((call) => {
      if (call.limit === undefined || !this.spent.has(call.bucket)) return true;
      const counter = current(decodeCounter(this.db.get(counterKey(call.bucket))), call.windowMs, now);
      if (counter.count <= call.limit) {
        this.spent.forget(call.bucket);
        return true;
      }
      call.resolve(pastLimit(counter, call.windowMs, now));
      return false;
    });
  }
}
