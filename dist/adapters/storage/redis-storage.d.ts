import type { Clock } from "../../application/ports.ts";
import type { Config } from "../config.ts";
import type { Storage } from "./open-storage.ts";
import { type StorageLogger } from "./redis-connection.ts";
/**
 * How long one Redis call may take before the request fails closed. Every route answers within 2 s even
 * when Redis stalls: the first stalled call ends the request.
 */
export declare const REDIS_DEADLINE_MS = 1000;
/**
 * Everything on one Redis, under `config.redisPrefix`: keys, rate-limit counters and every Keyv namespace,
 * shared by all instances that use the same URL and prefix. The clock is unused: the limiter counts in
 * Redis `TIME` so instances with skewed clocks agree.
 */
export declare function openRedisStorage(config: Config, _clock: Clock, logger?: StorageLogger): Promise<Storage>;
