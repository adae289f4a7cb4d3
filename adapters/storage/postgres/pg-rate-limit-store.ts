import type { RateLimitStore } from "../../../application/ports.ts";
import type { WindowHit } from "../../../domain/rate-limit.ts";
import { SpentBuckets } from "../spent-buckets.ts";
import type { PgDatabase } from "./pg-database.ts";

/** Epoch ms on the database's clock: every instance counts in one time, as Redis' TIME does for the Redis limiter. */
const NOW_MS = "(extract(epoch from now()) * 1000)::bigint";

/**
 * One statement adds $3 hits: the row is created or updated under its row lock, so concurrent hits from any number
 * of instances never share a count. A row holding another window starts over; a row already in a later window (a
 * statement that began just before the boundary and waited for the lock) counts into that later window, never
 * resetting it. $1 bucket, $2 window ms. Returns the count after the hits.
 */
const HIT = `
WITH clock AS (SELECT ${NOW_MS} AS now_ms)
INSERT INTO rate_limits AS r (bucket, window_ms, window_id, count, expires_at)
SELECT $1, $2::bigint, now_ms / $2::bigint, $3::bigint, to_timestamp(((now_ms / $2::bigint + 1) * $2::bigint) / 1000.0) FROM clock
ON CONFLICT (bucket) DO UPDATE SET
  count = CASE WHEN r.window_ms = EXCLUDED.window_ms AND r.window_id >= EXCLUDED.window_id THEN r.count + EXCLUDED.count ELSE EXCLUDED.count END,
  window_id = CASE WHEN r.window_ms = EXCLUDED.window_ms THEN greatest(r.window_id, EXCLUDED.window_id) ELSE EXCLUDED.window_id END,
  window_ms = EXCLUDED.window_ms,
  expires_at = greatest(r.expires_at, EXCLUDED.expires_at)
RETURNING count, window_id, (SELECT now_ms FROM clock) AS now_ms`;

const PEEK = `
WITH clock AS (SELECT ${NOW_MS} AS now_ms)
SELECT now_ms, now_ms / $2::bigint AS window_id,
  coalesce((SELECT count FROM rate_limits WHERE bucket = $1 AND window_ms = $2::bigint AND window_id = now_ms / $2::bigint), 0) AS count
FROM clock`;

/** Takes one hit back from the window it was counted in; never below 0, nothing once that window is over. */
const RELEASE = "UPDATE rate_limits SET count = count - 1 WHERE bucket = $1 AND window_ms = $2::bigint AND window_id = $3::bigint AND count > 0";

interface CounterRow {
  readonly count: string;
  readonly window_id: string;
  readonly now_ms: string;
}

/** The hits on one bucket (and window length) made in one event-loop turn, waiting for their shared statement. */
interface TurnHits {
  readonly bucket: string;
  readonly windowMs: number;
  readonly limit: number | undefined;
  readonly waiting: { resolve(hit: WindowHit): void; reject(error: unknown): void }[];
}

/**
 * Exact fixed-window counters in the `rate_limits` table, shared by every instance on the database. As on Redis, the
 * hits one bucket gets within an event-loop turn go as one statement that adds them all, each answered with its own
 * count as if sent one after another: hits on one row wait for each other's commit (≈ 1.4 ms each here, with fsync),
 * so 1,000 concurrent hits sent one by one would take longer than the deadline. The hits of a bucket this process has
 * seen past its limit are read first, and answered without a write (no row lock, no commit to flush) while the read
 * still finds it past (RateLimitStore.hit's `limit`; exact, as the read takes effect when it is made).
 */
export class PgRateLimitStore implements RateLimitStore {
  private turn = new Map<string, TurnHits>();
  private readonly spent = new SpentBuckets(Date.now);

  constructor(private readonly db: PgDatabase) {}

  async hit(bucket: string, windowMs: number, limit?: number): Promise<WindowHit> {
    checkWindow(windowMs);
    return new Promise((resolve, reject) => {
      const id = `${windowMs}:${limit ?? ""}:${bucket}`;
      let hits = this.turn.get(id);
      if (!hits) {
        // The check phase: after every request this turn's poll phase read, so their hits share the statement.
        if (this.turn.size === 0) setImmediate(() => this.sendTurn());
        this.turn.set(id, (hits = { bucket, windowMs, limit, waiting: [] }));
      }
      hits.waiting.push({ resolve, reject });
    });
  }

  async peek(bucket: string, windowMs: number): Promise<WindowHit> {
    checkWindow(windowMs);
    const found = await this.db.query<CounterRow>("a rate-limit peek", PEEK, [bucket, windowMs]);
    const { windowId: _, ...hit } = toHit(found.rows[0], windowMs);
    return hit;
  }

  async release(bucket: string, windowMs: number, windowId: number): Promise<void> {
    if (!Number.isSafeInteger(windowId)) throw new RangeError(`windowId must be an integer, got ${windowId}`);
    await this.db.query("a rate-limit release", RELEASE, [bucket, windowMs, windowId]);
  }

  private sendTurn(): void {
    const turn = this.turn;
    this.turn = new Map();
    for (const hits of turn.values()) {
      this.count(hits).then(
        (answer) => hits.waiting.forEach((hit, i) => hit.resolve(answer(i))),
        (error: unknown) => hits.waiting.forEach((hit) => hit.reject(error)),
      );
    }
  }

  /** One bucket's hits of a turn: each one's hit by its index, as if sent one after another. */
  private async count({ bucket, windowMs, limit, waiting }: TurnHits): Promise<(index: number) => WindowHit> {
    if (limit !== undefined && this.spent.has(bucket)) {
      const found = await this.db.query<CounterRow>("a rate-limit read", PEEK, [bucket, windowMs]);
      const { count, resetInMs } = toHit(found.rows[0], windowMs);
      if (count > limit) return (i) => ({ count: count + 1 + i, resetInMs }); // counted nowhere: nothing to release
      this.spent.forget(bucket);
    }
    const found = await this.db.query<CounterRow>("a rate-limit hit", HIT, [bucket, windowMs, waiting.length]);
    const { count, resetInMs, windowId } = toHit(found.rows[0], windowMs);
    this.spent.note(bucket, limit, { count, resetInMs });
    return (i) => ({ count: count - waiting.length + 1 + i, resetInMs, windowId });
  }
}

function checkWindow(windowMs: number): void {
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) throw new RangeError(`windowMs must be a positive integer, got ${windowMs}`);
}

/** bigint columns arrive as strings; every value here is far below 2^53. */
function toHit(row: CounterRow | undefined, windowMs: number): WindowHit {
  if (!row) throw new Error("the rate-limit statement returned no row");
  const [count, windowId, now] = [Number(row.count), Number(row.window_id), Number(row.now_ms)];
  // At most one window: a hit counted into the next window (see HIT) resets when that one does.
  const resetInMs = Math.min(windowMs, Math.max(1, (windowId + 1) * windowMs - now));
  return { count, resetInMs, windowId };
}
