import type { WindowHit } from "../../../domain/rate-limit.ts";
import { guardStorage } from "../../../application/storage-unavailable.ts";
import type { CountedKeyReads, CountedRead } from "../counted-key-reads.ts";
import { type Deadline, type RedisClient, withDeadline } from "./redis-connection.ts";
import { ownHit, toWindowHit } from "./redis-rate-limit-store.ts";
import { redisScript, runScript } from "./redis-script.ts";
import { TurnBatches } from "./turn-batches.ts";
import { WINDOW_HIT_LUA } from "./redis-window-hit.ts";

/**
 * A key's record read as committed and its rate-limit units counted, in one script: KEYS[1] = the record (Keyv's raw
 * entry `{"value":{…,"policy":{"limit","windowMs"}},…}`), KEYS[2] = the key's counter (in the record's slot);
 * ARGV[1] = how many units, ARGV[2] = the secret hash presented. The window is the record's own policy, so a unit is
 * always taken in the key's current window. Counts only for an active key presented with its current secret: an old
 * secret past its rotation grace must not spend the live key's limit. Returns nil without a record, { raw } when
 * nothing was counted, else { raw, count after the units, resetInMs, the window's number (none when the window was
 * past the key's limit already, and nothing was counted: hitWindow) }.
 */
const COUNTED_READ_SCRIPT = redisScript(`${WINDOW_HIT_LUA}
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local decoded, stored = pcall(cjson.decode, raw)
local key = decoded and type(stored) == 'table' and stored.value
if type(key) ~= 'table' or key.status ~= 'active' or key.secretHash ~= ARGV[2] or type(key.policy) ~= 'table' then return { raw } end
local windowMs = tonumber(key.policy.windowMs)
if not windowMs or windowMs < 1 or windowMs % 1 ~= 0 then return { raw } end
local hit = hitWindow(KEYS[2], windowMs, tonumber(ARGV[1]), tonumber(key.policy.limit))
return { raw, hit[1], hit[2], hit[3] }
`);

/** Where a key's record and its own counter live (keyCounterName: undefined when they cannot share a slot). */
export interface KeyNames {
  record(id: string): string;
  counter(id: string): string | undefined;
}

/**
 * Key lookups on Redis in one round trip: the record as committed (read inside the script on every call, never
 * remembered) and the key's rate-limit unit. The reads of one key and secret within an event-loop turn, or made while
 * its script call is in flight, share one script call that counts them all, each getting its own count (TurnBatches,
 * as RedisRateLimitStore batches its hits). Each call still reads the record after every request it answers arrived.
 */
export class RedisCountedKeyReads implements CountedKeyReads {
  private readonly reads: TurnBatches<{ id: string; secretHash: string }, CountedRead | undefined>;

  constructor(
    private readonly client: RedisClient,
    private readonly names: KeyNames,
    deadline: Deadline = { ms: 1000 },
  ) {
    this.reads = new TurnBatches(deadline, (args, count, left) => this.send(args, count, left));
  }

  read(id: string, secretHash: string): Promise<CountedRead | undefined> {
    return this.reads.add(`${id} ${secretHash}`, { id, secretHash });
  }

  private send({ id, secretHash }: { id: string; secretHash: string }, count: number, deadline: Deadline): Promise<(index: number) => CountedRead | undefined> {
    return guardStorage("counted key read", async () => {
      const record = this.names.record(id);
      const counter = this.names.counter(id);
      // No counter in the record's slot: the record alone, and the caller counts the unit itself.
      if (counter === undefined) {
        const raw = await withDeadline(this.client.get(record), deadline, "GET");
        return () => (raw === null ? undefined : { raw });
      }
      const reply = await withDeadline(runScript(this.client, COUNTED_READ_SCRIPT, [record, counter], [String(count), secretHash]), deadline, "the counted key read script");
      return readReply(reply, count);
    });
  }
}

function readReply(reply: unknown, count: number): (index: number) => CountedRead | undefined {
  if (reply === null) return () => undefined;
  if (!Array.isArray(reply) || typeof reply[0] !== "string") throw new Error(`unexpected counted key read reply ${JSON.stringify(reply)}`);
  const raw: string = reply[0];
  if (reply.length === 1) return () => ({ raw });
  const total: WindowHit = toWindowHit(reply.slice(1));
  return (i) => ({ raw, hit: ownHit(total, count, i) });
}
