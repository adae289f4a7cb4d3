import type { RateLimitStore } from "../../../application/ports.ts";
import type { Config } from "../../config.ts";
import { closeRedis, ConnectionWatch, connectRedis, createRedisClientOf, describeRedis, redisNodesOf, warnOfIgnoredRedisUrl } from "../redis/redis-connection.ts";
import { RedisRateLimitStore } from "../redis/redis-rate-limit-store.ts";
import type { StorageLogger } from "../storage.ts";

/** As the Redis storage's deadlines: one call, and a start. */
const REDIS_DEADLINE_MS = 1000;
const REDIS_CONNECT_TIMEOUT_MS = 3000;

/** Counters on Redis (exact across instances, one round trip a turn) beside records in PostgreSQL. */
export async function openRedisCounters(config: Config, logger?: StorageLogger): Promise<{ limits: RateLimitStore; close(): Promise<void> }> {
  const nodes = redisNodesOf(config);
  warnOfIgnoredRedisUrl(config, logger);
  const server = nodes.seeds.map(describeRedis).join(",");
  const client = createRedisClientOf(nodes, REDIS_DEADLINE_MS);
  await connectRedis(client, server, REDIS_CONNECT_TIMEOUT_MS);
  const watch = new ConnectionWatch(client, server, { ms: REDIS_DEADLINE_MS }, logger);
  return {
    limits: new RedisRateLimitStore(client, `${config.redisPrefix}ratelimit:`, watch.commandDeadline),
    close: async () => {
      watch.stop();
      await closeRedis(client, { ms: REDIS_DEADLINE_MS });
    },
  };
}
