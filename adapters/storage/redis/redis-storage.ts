import type Keyv from "keyv";
import type { Clock } from "../../../application/ports.ts";
import type { Config } from "../../config.ts";
import { KeyvApiKeyStore } from "../keyv-api-key-store.ts";
import { KeyvAuditLog } from "../keyv-audit-log.ts";
import type { Storage } from "../storage.ts";
import { closeRedis, ConnectionWatch, connectRedis, createRedisClientOf, describeRedis, redisNodesOf, warnOfIgnoredRedisUrl } from "./redis-connection.ts";
import type { StorageLogger } from "../storage.ts";
import { redisEntries } from "./redis-atomic-entries.ts";
import { AtomicRecords } from "../atomic-records.ts";
import { createRedisKeyv } from "./redis-keyv-store.ts";
import { RedisRateLimitStore } from "./redis-rate-limit-store.ts";
import { type KeyNames, RedisCountedKeyReads } from "./redis-counted-key-reads.ts";
import { keyCounterName } from "./key-counter-name.ts";
import { RedisUsageStore } from "./redis-usage-store.ts";
import { RedisSortedIndex } from "./redis-sorted-index.ts";
import { sortedIndexOf, withSortedIndex } from "../sorted-index.ts";

/**
 * How long one Redis call may take before the request fails closed. Every route answers within 2 s even
 * when Redis stalls: the first stalled call ends the request.
 */
export const REDIS_DEADLINE_MS = 1000;
/** The namespace of the keys' records (Redis keys `<prefix>apikeys:<id>`). */
const KEYS_NAMESPACE = "apikeys";
/** How long a start (server or CLI) waits for Redis before giving up with a clear message. */
const CONNECT_TIMEOUT_MS = 3000;

/**
 * Everything on one Redis, under `config.redisPrefix`: keys, rate-limit counters and every Keyv namespace,
 * shared by all instances that use the same URL and prefix. The limiter counts in Redis `TIME` so instances with
 * skewed clocks agree; the clock sets usage buckets' TTLs.
 */
export function openRedisStorage(config: Config, clock: Clock, logger?: StorageLogger): Promise<Storage> {
  return openRedisWith(config, clock, { logger });
}

/**
 * openRedisStorage with its call deadline chosen (REDIS_DEADLINE_MS otherwise): the stores' contract suites run on a
 * loaded test machine, where what they prove is the stores' semantics, not how fast Redis answers.
 */
export async function openRedisWith(config: Config, clock: Clock, options: { readonly logger?: StorageLogger; readonly deadlineMs?: number }): Promise<Storage> {
  const { logger, deadlineMs = REDIS_DEADLINE_MS } = options;
  const nodes = redisNodesOf(config);
  if (nodes.seeds.length === 0) throw new Error("openRedisStorage needs config.redisUrl or config.redisCluster");
  warnOfIgnoredRedisUrl(config, logger);
  const server = nodes.seeds.map(describeRedis).join(",");
  const client = createRedisClientOf(nodes, deadlineMs);
  await connectRedis(client, server, CONNECT_TIMEOUT_MS);
  const watch = new ConnectionWatch(client, server, { ms: deadlineMs }, logger);
  const deadline = watch.commandDeadline;
  // One Keyv per namespace: each @keyv/redis adapter adds listeners to the shared client.
  const namespaces = new Map<string, Keyv<unknown>>();
  const keyv = <T>(namespace: string): Keyv<T> => {
    let found = namespaces.get(namespace);
    if (!found) {
      const name = `${config.redisPrefix}${namespace}`;
      // Every namespace comes with its ordered reads (audit pages, memberships) on the same Redis.
      found = withSortedIndex(createRedisKeyv<unknown>(client, name, deadline), new RedisSortedIndex(client, name, deadline));
      namespaces.set(namespace, found);
    }
    return found as Keyv<T>;
  };
  const entries = redisEntries(client, deadline);
  const atomic = <T>(namespace: string) => new AtomicRecords<T>(keyv<T>(namespace), entries, `${config.redisPrefix}${namespace}:`);
  const names = keyNames(config.redisPrefix);
  return {
    kind: "redis",
    keys: new KeyvApiKeyStore({
      records: atomic(KEYS_NAMESPACE),
      hashes: keyv("apikey-hashes"),
      lastUsed: keyv("apikey-last-used"),
      byWorkspace: sortedIndexOf(keyv("apikey-workspaces")),
      countedReads: new RedisCountedKeyReads(client, names, deadline),
    }),
    limits: new RedisRateLimitStore(client, `${config.redisPrefix}ratelimit:`, deadline, names.counter),
    audit: new KeyvAuditLog(keyv),
    usage: new RedisUsageStore(client, `${config.redisPrefix}usage:`, clock, deadline),
    keyv,
    atomic,
    close: async () => {
      watch.stop();
      await closeRedis(client, { ms: deadlineMs });
    },
  };
}

/**
 * Where a key's record (AtomicRecords' name in KEYS_NAMESPACE) and its own rate-limit counter live: the counter in the
 * record's cluster slot, so one script reads the record and counts the unit (one round trip per execute).
 */
function keyNames(prefix: string): KeyNames {
  const record = (id: string) => `${prefix}${KEYS_NAMESPACE}:${id}`;
  return { record, counter: (id) => keyCounterName(record(id), `${prefix}ratelimit:`, id) };
}
