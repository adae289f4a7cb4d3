import { createHash } from "node:crypto";
import type { RootDatabase } from "lmdb";
import { type WindowHit, windowAt } from "../../../domain/rate-limit.ts";

/** One bucket's fixed window as stored in limits.mdb: `<window ms>:<window id>:<count>`. */
export interface StoredCounter {
  readonly windowMs: number;
  readonly windowId: number;
  count: number;
}

/** A hit on `bucket` (with its limit when given), or a release of one hit of window `release`. */
export interface CounterCall {
  readonly bucket: string;
  readonly windowMs: number;
  readonly release?: number;
  readonly limit?: number;
}

export const encodeCounter = (counter: StoredCounter): string => `${counter.windowMs}:${counter.windowId}:${counter.count}`;

/** The counter in `text`, or undefined for nothing or anything unreadable (which then counts as no hit yet). */
export function decodeCounter(text: string | undefined): StoredCounter | undefined {
  if (text === undefined) return undefined;
  const [windowMs, windowId, count] = text.split(":").map(Number);
  return [windowMs, windowId, count].every(Number.isSafeInteger) && windowMs > 0 ? { windowMs, windowId, count } : undefined;
}

/** When the counter's window ends, epoch ms: windows are aligned to the epoch (domain/rate-limit.ts windowAt). */
export const endsAt = (counter: StoredCounter): number => (counter.windowId + 1) * counter.windowMs;

/** LMDB refuses keys over 1,978 bytes; a bucket that long (never one the server makes) is stored by its digest. */
const MAX_KEY_BYTES = 1_000;

/** The LMDB key of `bucket`: the bucket itself, or `#sha256:<hex>` for one too long to be a key. */
export function counterKey(bucket: string): string {
  return Buffer.byteLength(bucket) <= MAX_KEY_BYTES && !bucket.startsWith("#") ? bucket : `#sha256:${createHash("sha256").update(bucket).digest("hex")}`;
}

/** How many counters one write transaction of the sweep looks at, so the write lock is held only briefly. */
const COUNTERS_PER_TURN = 1_000;

/**
 * Removes the counters whose window has ended by `now()`, a slice at a time, yielding to the event loop between
 * slices; `stopped()` ends it early (the store is closing). Each removal is checked again under the write lock, so a
 * counter another process has just moved to a new window is kept. Resolves with how many were removed.
 */
export async function sweepEndedCounters(db: RootDatabase<string, string>, now: () => number, stopped: () => boolean): Promise<number> {
  let removed = 0;
  let start: string | undefined;
  while (!stopped()) {
    const ended: string[] = [];
    let seen = 0;
    let last: string | undefined;
    const at = now();
    for (const { key, value } of db.getRange({ start, limit: COUNTERS_PER_TURN, snapshot: false })) {
      seen += 1;
      last = key;
      const counter = decodeCounter(value);
      if (!counter || endsAt(counter) <= at) ended.push(key);
    }
    if (ended.length > 0) {
      db.transactionSync(() => {
        for (const key of ended) {
          const counter = decodeCounter(db.get(key));
          if (!counter || endsAt(counter) <= at) removed += db.removeSync(key) ? 1 : 0;
        }
      });
    }
    if (seen < COUNTERS_PER_TURN || last === undefined) break;
    start = `${last}\u0000`;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return removed;
}

/**
 * Runs inside the turn's write transaction: each bucket's counter is read once, every call applied to it in order,
 * and each changed counter written once. Answers a WindowHit for each hit, undefined for each release.
 */
export function applyTurn(db: RootDatabase<string, string>, turn: readonly CounterCall[], now: number): (WindowHit | undefined)[] {
  const counters = new Map<string, StoredCounter | undefined>();
  const changed = new Set<string>();
  const answers = turn.map((call) => {
    const key = counterKey(call.bucket);
    const stored = counters.has(key) ? counters.get(key) : decodeCounter(db.get(key));
    counters.set(key, stored);
    if (call.release !== undefined) {
      if (stored?.windowMs !== call.windowMs || stored.windowId !== call.release || stored.count === 0) return undefined;
      stored.count -= 1;
      changed.add(key);
      return undefined;
    }
    const counter = current(stored, call.windowMs, now);
    if (call.limit !== undefined && counter.count > call.limit) return pastLimit(counter, call.windowMs, now);
    counter.count += 1;
    counters.set(key, counter);
    changed.add(key);
    return { count: counter.count, resetInMs: windowAt(call.windowMs, now).resetInMs, windowId: counter.windowId };
  });
  for (const key of changed) db.putSync(key, encodeCounter(counters.get(key) as StoredCounter));
  return answers;
}

/**
 * What a hit past the limit reads, counted nowhere: one more than the stored count, as RateLimitStore.hit says, and no
 * window number, since there is nothing to release.
 */
export function pastLimit(counter: StoredCounter, windowMs: number, now: number): WindowHit {
  return { count: counter.count + 1, resetInMs: windowAt(windowMs, now).resetInMs };
}

/** The counter of the window `now` falls in: the stored one when it counts that window, else a new one at 0. */
export function current(counter: StoredCounter | undefined, windowMs: number, now: number): StoredCounter {
  const { id } = windowAt(windowMs, now);
  return counter && counter.windowMs === windowMs && counter.windowId === id ? counter : { windowMs, windowId: id, count: 0 };
}
