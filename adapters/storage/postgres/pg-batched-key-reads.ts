import type { CountedKeyReads, CountedRead } from "../counted-key-reads.ts";
import type { PgDatabase } from "./pg-database.ts";
import { LIVE } from "./pg-keyv-store.ts";

/** What a read waits for: its promise's ends. */
interface Waiting {
  resolve(read: CountedRead | undefined): void;
  reject(error: unknown): void;
}

/**
 * Key records on PostgreSQL, read as committed in one statement a turn: the reads of an event-loop turn (every key
 * and every request of it) wait for its check phase, after the poll phase has read every request of the turn, and go
 * as one `SELECT … WHERE key = ANY(…)` on a fresh snapshot, so whatever any instance committed before a request
 * arrived (a revocation, a new limit) is seen, exactly as a read per request would see it. A read never joins a
 * statement already sent. The unit is not counted here (no `hit`): the rate-limit store counts it, its hits of a turn
 * batched per key in the same way. Before, each execute sent its own record read: one statement a request more.
 */
export class PgBatchedKeyReads implements CountedKeyReads {
  private turn = new Map<string, Waiting[]>();

  constructor(
    private readonly db: PgDatabase,
    /** The namespace of the key records (their `records.namespace`; the id is the row's key). */
    private readonly namespace: string,
  ) {}

  read(id: string): Promise<CountedRead | undefined> {
    return new Promise((resolve, reject) => {
      if (this.turn.size === 0) setImmediate(() => this.sendTurn());
      let waiting = this.turn.get(id);
      if (!waiting) this.turn.set(id, (waiting = []));
      waiting.push({ resolve, reject });
    });
  }

  private sendTurn(): void {
    const turn = this.turn;
    this.turn = new Map();
    const ids = [...turn.keys()];
    this.db.query<{ key: string; value: string }>("a turn's key reads", `SELECT key, value FROM records WHERE namespace = $1 AND key = ANY($2::text[]) AND ${LIVE}`, [this.namespace, ids]).then(
      (found) => {
        const raw = new Map(found.rows.map((row) => [row.key, row.value]));
        for (const [id, waiting] of turn) {
          const value = raw.get(id);
          for (const read of waiting) read.resolve(value === undefined ? undefined : { raw: value });
        }
      },
      (error: unknown) => {
        for (const waiting of turn.values()) for (const read of waiting) read.reject(error);
      },
    );
  }
}
