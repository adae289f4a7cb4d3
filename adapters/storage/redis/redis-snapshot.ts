import { GRANULARITIES, GRANULARITY_MS, RETENTION_MS, type Granularity } from "../../../domain/usage.ts";
import type { Config } from "../../config.ts";
import { closeRedis, connectRedis, createRedisClientOf, describeRedis, redisNodesOf } from "./redis-connection.ts";
import { type ExportEntry, isExported, type SnapshotSource } from "../snapshot/export-format.ts";
import { decodeKeyvEntry } from "../snapshot/keyv-entry.ts";

/** What one Redis node answers: the few commands a snapshot needs (node-redis clients and a cluster's node clients). */
interface RedisNode {
  scanIterator(options: { MATCH: string; COUNT: number }): AsyncIterable<string[]>;
  type(key: string): Promise<string>;
  get(key: string): Promise<string | null>;
  pTTL(key: string): Promise<number>;
  hGetAll(key: string): Promise<Record<string, string>>;
}

/** Keys read per SCAN step, and so per batch of pipelined reads. */
const BATCH = 500;

/**
 * The Redis (or each master of a Redis Cluster) under `config.redisPrefix`, read by SCAN with a connection of its own.
 * Each record, set and bucket is read whole, but SCAN walks a live keyspace: the export is one point in time only when
 * no instance writes during it (stop the servers first, or export from a copy restored from the RDB or AOF file).
 */
export async function openRedisSnapshot(config: Config, now: () => number = Date.now): Promise<SnapshotSource> {
  const nodes = redisNodesOf(config);
  const { cluster } = nodes;
  // No per-command deadline: an export waits for a slow Redis rather than failing the way a request must.
  const client = createRedisClientOf(nodes, 10_000);
  await connectRedis(client, nodes.seeds.map(describeRedis).join(","), 5_000);
  const prefix = config.redisPrefix;
  return {
    source: cluster ? "redis-cluster" : "redis",
    consistency: "SCAN of the live keyspace: one point in time only if no instance wrote during the export",
    async *entries() {
      const nodes = "masters" in client
        ? await Promise.all(client.masters.map((master) => client.nodeClient(master)))
        : [client];
      const at = now();
      for (const node of nodes as unknown as RedisNode[]) {
        for await (const keys of node.scanIterator({ MATCH: `${prefix}*`, COUNT: BATCH })) {
          const read = await Promise.all(keys.map((key) => readKey(node, key.slice(prefix.length), key, at)));
          for (const entries of read) yield* entries;
        }
      }
    },
    close: () => closeRedis(client, { ms: 2_000 }),
  };
}

/** The entries one Redis key holds (none for counters, sorted-set halves and other namespaces). */
async function readKey(node: RedisNode, name: string, key: string, now: number): Promise<ExportEntry[]> {
  if (name.startsWith("usage:{")) return readUsage(node, name.slice("usage:".length), key, now);
  const colon = name.indexOf(":");
  const namespace = name.slice(0, colon);
  if (colon < 0 || !isExported(namespace)) return [];
  const rest = name.slice(colon + 1);
  const type = await node.type(key);
  // A sorted index keeps `<namespace>:{<set>}:z` (the order) and `…:h` (the values); the hash has every member.
  const set = /^\{(.*)\}:h$/s.exec(rest);
  if (type === "hash" && set) {
    const values = await node.hGetAll(key);
    return Object.entries(values).map(([member, value]) => ({ kind: "index", namespace, set: set[1], member, value }));
  }
  if (type !== "string") return [];
  const [raw, ttl] = await Promise.all([node.get(key), node.pTTL(key)]);
  const decoded = raw === null ? undefined : await decodeKeyvEntry(raw);
  if (!decoded) return [];
  const expiresAt = decoded.expiresAt ?? (ttl > 0 ? now + ttl : undefined);
  if (expiresAt !== undefined && expiresAt <= now) return [];
  return [{ kind: "record", namespace, key: rest, value: decoded.value, ...(expiresAt === undefined ? {} : { expiresAt }) }];
}

/** `{<scope>}:<granularity>:<start>`: one bucket, its counters in a hash that Redis expires by itself. */
async function readUsage(node: RedisNode, name: string, key: string, now: number): Promise<ExportEntry[]> {
  const close = name.lastIndexOf("}:");
  const [granularity, start] = name.slice(close + 2).split(":");
  const at = Number(start);
  if (close < 0 || !GRANULARITIES.includes(granularity as Granularity) || !Number.isSafeInteger(at)) return [];
  const [fields, ttl] = await Promise.all([node.hGetAll(key), node.pTTL(key)]);
  if (ttl === -2 || Object.keys(fields).length === 0) return [];
  const kept = granularity as Granularity;
  // A bucket always has a TTL; one without (set by hand) is kept for its granularity's retention.
  const expiresAt = ttl > 0 ? now + ttl : at + GRANULARITY_MS[kept] + RETENTION_MS[kept];
  const counts = Object.fromEntries(Object.entries(fields).map(([field, count]) => [field, Number(count)]));
  return [{ kind: "usage", scope: name.slice(1, close), granularity: kept, at, expiresAt, counts }];
}
