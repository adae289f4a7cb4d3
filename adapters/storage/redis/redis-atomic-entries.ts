import type { AtomicEntries } from "../atomic-entries.ts";
import { type Deadline, type RedisClient, withDeadline } from "./redis-connection.ts";
import { redisScript, runScript } from "./redis-script.ts";

/**
 * Compare-and-set in one script: Redis runs it to completion before any other command of any client.
 * KEYS[1] = the entry; ARGV[1] = "1" when the entry is expected to exist, ARGV[2] = its expected value,
 * ARGV[3] = the new value, ARGV[4] = its TTL in ms ("0": none). Returns 1 when written, 0 when the entry held something else.
 */
const COMPARE_AND_SET = redisScript(`
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current ~= ARGV[2] then return 0 end
elseif current then
  return 0
end
if ARGV[4] ~= '0' then
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
else
  redis.call('SET', KEYS[1], ARGV[3])
end
return 1
`);

/** Entries on the shared Redis: atomic for every instance using it; each call is bounded by the deadline. */
export function redisEntries(client: RedisClient, deadline: Deadline): AtomicEntries {
  return {
    read: async (key) => (await withDeadline(client.get(key), deadline, "GET")) ?? undefined,
    compareAndSet: async (key, expected, next, ttlMs) => {
      const args = [expected === undefined ? "0" : "1", expected ?? "", next, String(ttlMs ?? 0)];
      const reply = await withDeadline(runScript(client, COMPARE_AND_SET, [key], args), deadline, "the compare-and-set script");
      return reply === 1;
    },
  };
}
