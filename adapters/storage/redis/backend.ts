import type { StorageBackend } from "../storage.ts";

/** Redis (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER): every record and counter there. */
export const redisBackend: StorageBackend = {
  kind: "redis",
  chosenBy: (config) => Boolean(config.redisUrl || config.redisCluster),
  open: async (config, clock, logger) => (await import("./redis-storage.ts")).openRedisStorage(config, clock, logger),
  openSnapshot: async (config) => (await import("./redis-snapshot.ts")).openRedisSnapshot(config),
};
