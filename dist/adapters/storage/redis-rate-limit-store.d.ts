import type { RateLimitStore } from "../../application/ports.ts";
import type { WindowHit } from "../../domain/rate-limit.ts";
import { type Deadline, type RedisClient } from "./redis-connection.ts";
/**
 * One fixed-window decision, atomically: Redis runs a script to completion before any other command, so
 * concurrent hits from any number of instances never share a count. The clock is Redis `TIME`, so instances
 * with skewed clocks still agree on the window. The counter is a hash holding the window it counts
 * (`w` = "<window id>:<window ms>") and the count (`c`); it expires when its window ends.
 * KEYS[1] = the bucket's counter, ARGV[1] = window length in ms. Returns { count, resetInMs }.
 */
export declare const HIT_SCRIPT = "\nlocal t = redis.call('TIME')\nlocal now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)\nlocal windowMs = tonumber(ARGV[1])\nlocal window = math.floor(now / windowMs)\nlocal resetInMs = (window + 1) * windowMs - now\nlocal tag = string.format('%.0f:%.0f', window, windowMs)\nif redis.call('HGET', KEYS[1], 'w') ~= tag then\n  redis.call('HSET', KEYS[1], 'w', tag, 'c', 0)\n  redis.call('PEXPIRE', KEYS[1], resetInMs)\nelseif redis.call('PTTL', KEYS[1]) < 0 then\n  redis.call('PEXPIRE', KEYS[1], resetInMs)\nend\nlocal count = redis.call('HINCRBY', KEYS[1], 'c', 1)\nreturn { count, resetInMs }\n";
/** The count of the current window without counting (0 when the counter holds another window or none). */
export declare const PEEK_SCRIPT = "\nlocal t = redis.call('TIME')\nlocal now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)\nlocal windowMs = tonumber(ARGV[1])\nlocal window = math.floor(now / windowMs)\nlocal resetInMs = (window + 1) * windowMs - now\nlocal tag = string.format('%.0f:%.0f', window, windowMs)\nlocal count = 0\nif redis.call('HGET', KEYS[1], 'w') == tag then count = tonumber(redis.call('HGET', KEYS[1], 'c')) end\nreturn { count, resetInMs }\n";
/** Exact fixed-window counters shared by every instance on one Redis; throws StorageUnavailableError when Redis fails. */
export declare class RedisRateLimitStore implements RateLimitStore {
    private readonly client;
    private readonly keyPrefix;
    private readonly deadline;
    constructor(client: RedisClient, keyPrefix: string, deadline?: Deadline);
    hit(bucket: string, windowMs: number): Promise<WindowHit>;
    peek(bucket: string, windowMs: number): Promise<WindowHit>;
    private call;
    /** EVALSHA, falling back to EVAL once per server that has not cached the script yet (restart, SCRIPT FLUSH). */
    private run;
}
