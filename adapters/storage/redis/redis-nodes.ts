/** What a configuration says of Redis. */
export interface RedisSettings {
  readonly redisUrl?: string;
  readonly redisCluster?: readonly string[];
}

/** The nodes to reach, and whether they form a cluster. */
export interface RedisNodes {
  readonly seeds: readonly string[];
  readonly cluster: boolean;
}

/**
 * The Redis a configuration names: REDIS_CLUSTER's seed nodes when set (instead of REDIS_URL), else REDIS_URL alone;
 * no seeds when neither is set. Dependency-free, so the embedded store's start never loads a Redis client for it.
 */
export function redisNodesOf(config: RedisSettings): RedisNodes {
  if (config.redisCluster) return { seeds: config.redisCluster, cluster: true };
  return { seeds: config.redisUrl ? [config.redisUrl] : [], cluster: false };
}
