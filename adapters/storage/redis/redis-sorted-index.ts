import { type Deadline, type RedisClient, withDeadline } from "./redis-connection.ts";
import { redisScript, runScript } from "./redis-script.ts";
import type { IndexEntry, PutOptions, SortedIndex } from "../sorted-index.ts";

/**
 * KEYS[1] = the set's sorted set (every score 0, so members sort by bytes), KEYS[2] = its hash of values;
 * ARGV = member, value, keep (0: no trim), maxCount (0: no cap). Returns 1 when stored, 0 when refused by the cap.
 */
const PUT = redisScript(`
local isNew = redis.call('HEXISTS', KEYS[2], ARGV[1]) == 0
local maxCount = tonumber(ARGV[4])
if isNew and maxCount > 0 and redis.call('ZCARD', KEYS[1]) >= maxCount then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
if isNew then redis.call('ZADD', KEYS[1], 0, ARGV[1]) end
local keep = tonumber(ARGV[3])
if keep > 0 then
  local over = redis.call('ZCARD', KEYS[1]) - keep
  if over > 0 then
    local gone = redis.call('ZRANGE', KEYS[1], 0, over - 1)
    redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1)
    for i = 1, #gone, 1000 do redis.call('HDEL', KEYS[2], unpack(gone, i, math.min(i + 999, #gone))) end
  end
end
return 1
`);

/** KEYS as PUT; ARGV = member. Removes it from both, so a reader never sees it in one and not the other. */
const REMOVE = redisScript(`
redis.call('ZREM', KEYS[1], ARGV[1])
return redis.call('HDEL', KEYS[2], ARGV[1])
`);

/**
 * KEYS as PUT; ARGV = from, to (ZRANGE BYLEX bounds), 'REV' or 'FWD', count (-1: all).
 * Returns member, value, member, value, … in the order read.
 */
const RANGE = redisScript(`
local members
if ARGV[3] == 'REV' then
  members = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'BYLEX', 'REV', 'LIMIT', 0, tonumber(ARGV[4]))
else
  members = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'BYLEX', 'LIMIT', 0, tonumber(ARGV[4]))
end
local out = {}
for i = 1, #members, 1000 do
  local last = math.min(i + 999, #members)
  local values = redis.call('HMGET', KEYS[2], unpack(members, i, last))
  for j = i, last do
    out[#out + 1] = members[j]
    out[#out + 1] = values[j - i + 1] or ''
  end
end
return out
`);

/**
 * Sorted sets on the shared Redis: per set a sorted set of members and a hash of values, under one hash tag so a
 * cluster keeps them in one slot. Each write and each read is one script (atomic for every instance) bounded by
 * the deadline; a page read touches only the entries it returns.
 */
export class RedisSortedIndex implements SortedIndex {
  constructor(
    private readonly client: RedisClient,
    private readonly namespace: string,
    private readonly deadline: Deadline,
  ) {}

  async put(set: string, member: string, value: string, options: PutOptions = {}): Promise<boolean> {
    const args = [member, value, String(options.keep ?? 0), String(options.maxCount ?? 0)];
    return (await this.run(PUT, set, args)) === 1;
  }

  async get(set: string, member: string): Promise<string | undefined> {
    return (await withDeadline(this.client.hGet(this.keys(set)[1], member), this.deadline, "HGET")) ?? undefined;
  }

  async remove(set: string, member: string): Promise<void> {
    await this.run(REMOVE, set, [member]);
  }

  descending(set: string, limit: number, below?: string): Promise<IndexEntry[]> {
    return this.range(set, [below === undefined ? "+" : `(${below}`, "-", "REV", String(limit)]);
  }

  ascending(set: string, limit: number, above?: string): Promise<IndexEntry[]> {
    return this.range(set, [above === undefined ? "-" : `(${above}`, "+", "FWD", String(limit)]);
  }

  all(set: string): Promise<IndexEntry[]> {
    return this.range(set, ["-", "+", "FWD", "-1"]);
  }

  private async range(set: string, args: string[]): Promise<IndexEntry[]> {
    const flat = (await this.run(RANGE, set, args)) as string[];
    const entries: IndexEntry[] = [];
    for (let i = 0; i < flat.length; i += 2) entries.push({ member: flat[i], value: flat[i + 1] });
    return entries;
  }

  private run(script: typeof PUT, set: string, args: string[]): Promise<unknown> {
    return withDeadline(runScript(this.client, script, this.keys(set), args), this.deadline, "a sorted-index script");
  }

  private keys(set: string): [string, string] {
    return [`${this.namespace}:{${set}}:z`, `${this.namespace}:{${set}}:h`];
  }
}
