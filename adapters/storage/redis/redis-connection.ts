import { createClient, createCluster } from "@keyv/redis";
import type { StorageLogger } from "../storage.ts";
import { type RedisNodes, type RedisSettings } from "./redis-nodes.ts";

export { redisNodesOf } from "./redis-nodes.ts";
import { StorageUnavailableError } from "../../../application/storage-unavailable.ts";

/**
 * The node-redis connection every Redis adapter of one process shares: one server, or a Redis Cluster (which routes
 * each command by its key's slot; every script here touches keys of one slot only).
 */
export type RedisClient = ReturnType<typeof createRedisClient> | ReturnType<typeof createRedisClusterClient>;

/** Where outages are reported: once when one starts, once when it ends. */

/** How long one Redis call may take, and who hears when it does not answer in time. */
export interface Deadline {
  readonly ms: number;
  missed?(error: StorageUnavailableError): void;
}

/** Longest pause between reconnection attempts, so a returning Redis is used again within about a second. */
const MAX_RECONNECT_DELAY_MS = 1000;

/**
 * Rejects with StorageUnavailableError when `work` has not settled in time.
 * node-redis has no reply timeout (its command timeout only covers commands not yet written), so a Redis that
 * stops answering on an open socket would otherwise hold every request until it recovers; the late reply
 * still arrives and keeps the connection's replies in order.
 */
export function withDeadline<T>(work: Promise<T>, deadline: Deadline, what: string): Promise<T> {
  let settled = false;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    // Timers run before I/O in each turn of the event loop: after a long turn (a burst of requests), a reply
    // already waiting in the socket would lose to its own deadline. setImmediate lets that I/O be read first.
    timer = setTimeout(() => setImmediate(() => {
      if (settled) return;
      const error = new StorageUnavailableError(`Redis did not answer ${what} within ${deadline.ms} ms`);
      deadline.missed?.(error);
      reject(error);
    }), deadline.ms);
  });
  return Promise.race([work, expired]).finally(() => {
    settled = true;
    clearTimeout(timer);
  });
}

/**
 * A client that fails fast instead of queueing while disconnected (fail closed within the deadline, never
 * "wait until Redis is back"), and reconnects forever with a short capped backoff.
 */
export function createRedisClient(url: string, deadlineMs: number) {
  const client = createClient({ url, ...failFast(deadlineMs) });
  // Each Keyv namespace's @keyv/redis adapter listens on the shared client; a dozen namespaces is normal here.
  client.setMaxListeners(100);
  return client;
}

/** A client for those nodes: a cluster client for REDIS_CLUSTER, a single one for REDIS_URL. */
export function createRedisClientOf(nodes: RedisNodes, deadlineMs: number) {
  return nodes.cluster ? createRedisClusterClient(nodes.seeds, deadlineMs) : createRedisClient(nodes.seeds[0], deadlineMs);
}

/** Says, once at start, that REDIS_URL is set but unused because REDIS_CLUSTER is too. */
export function warnOfIgnoredRedisUrl(config: RedisSettings, logger?: StorageLogger): void {
  if (config.redisUrl && config.redisCluster) logger?.warn({ redis: describeRedis(config.redisUrl) }, "REDIS_URL is ignored: REDIS_CLUSTER is set too, and every store lives on that cluster");
}

/** A Redis Cluster client from seed node URLs; each node's connection fails fast and reconnects as a single client's. */
export function createRedisClusterClient(urls: readonly string[], deadlineMs: number) {
  const cluster = createCluster({ rootNodes: urls.map((url) => ({ url })), defaults: failFast(deadlineMs) });
  cluster.setMaxListeners(100);
  return cluster;
}

function failFast(deadlineMs: number) {
  return {
    disableOfflineQueue: true,
    socket: {
      connectTimeout: deadlineMs,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS) + Math.floor(Math.random() * 50),
    },
  };
}

/** Whether commands can be sent now (a cluster is ready once its topology is known and it is open). */
export function isReady(client: RedisClient): boolean {
  return "isReady" in client ? client.isReady : client.isOpen;
}

/** host:port of a Redis URL, without credentials, for messages and logs. */
export function describeRedis(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "6379"}`;
}

/** Connects, or gives up after `timeoutMs` (node-redis would otherwise retry the first connection forever). */
export async function connectRedis(client: RedisClient, server: string, timeoutMs: number): Promise<void> {
  // Failed attempts are emitted as "error" events, which would crash the process unheard. The listener stays:
  // node-redis hands out Object.create(client), and removing the last listener through it gives the proxy
  // its own empty listener table, so every listener added later would never hear the real client's events.
  client.on("error", () => {});
  try {
    const connected: Promise<unknown> = client.connect();
    await withDeadline(connected, { ms: timeoutMs }, "a connection");
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw new StorageUnavailableError(`Redis at ${server} is unreachable`, { cause: error });
  }
}

/** Closes gracefully when Redis answers, at once when it does not. */
export async function closeRedis(client: RedisClient, deadline: Deadline): Promise<void> {
  if (!client.isOpen) return;
  try {
    await withDeadline(client.close(), deadline, "QUIT");
  } catch {
    if (client.isOpen) client.destroy();
  }
}

/**
 * Logs an outage once when it starts (socket error, or a call past its deadline on a silent socket) and once
 * when it ends (reconnected, or a probe PING answered), never once per failed request.
 */
export class ConnectionWatch {
  private down = false;
  private probe: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly client: RedisClient, private readonly server: string, private readonly deadline: Deadline, private readonly logger?: StorageLogger) {
    client.on("error", (error: unknown) => this.lost(error));
    client.on("ready", () => this.restored());
    // A cluster reports each node's connection apart.
    client.on("node-error", (error: unknown) => this.lost(error));
    client.on("node-ready", () => this.restored());
  }

  /** A deadline policy that reports misses to this watch. */
  get commandDeadline(): Deadline {
    return { ms: this.deadline.ms, missed: (error) => this.lost(error) };
  }

  lost(error: unknown): void {
    if (this.stopped || this.down) return;
    this.down = true;
    this.logger?.warn({ err: error, redis: this.server }, "Redis connection lost: requests answer 503 service_unavailable until it returns");
    this.scheduleProbe();
  }

  restored(): void {
    if (!this.down) return;
    this.down = false;
    this.logger?.info({ redis: this.server }, "Redis connection restored");
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.probe);
  }

  /** A silent socket never emits "ready" again, so recovery from a stall is noticed by PING. */
  private scheduleProbe(): void {
    clearTimeout(this.probe);
    this.probe = setTimeout(async () => {
      if (this.stopped || !this.down) return;
      try {
        if (isReady(this.client)) await withDeadline(this.client.ping(), this.deadline, "PING");
        if (isReady(this.client)) return this.restored();
      } catch {
        // still down: try again below
      }
      this.scheduleProbe();
    }, 500);
    this.probe.unref();
  }
}
