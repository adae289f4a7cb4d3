import type { Logger } from "../logger.ts";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
/** The node-redis client every Redis adapter of one process shares. */
export type RedisClient = ReturnType<typeof createRedisClient>;
/** Where outages are reported: once when one starts, once when it ends. */
export type StorageLogger = Pick<Logger, "warn" | "info">;
/** How long one Redis call may take, and who hears when it does not answer in time. */
export interface Deadline {
    readonly ms: number;
    missed?(error: StorageUnavailableError): void;
}
/**
 * Rejects with StorageUnavailableError when `work` has not settled in time.
 * node-redis has no reply timeout (its command timeout only covers commands not yet written), so a Redis that
 * stops answering on an open socket would otherwise hold every request until it recovers; the late reply
 * still arrives and keeps the connection's replies in order.
 */
export declare function withDeadline<T>(work: Promise<T>, deadline: Deadline, what: string): Promise<T>;
/**
 * A client that fails fast instead of queueing while disconnected (fail closed within the deadline, never
 * "wait until Redis is back"), and reconnects forever with a short capped backoff.
 */
export declare function createRedisClient(url: string, deadlineMs: number): import("@keyv/redis").RedisClientType<{}, {}, {}, 2, {}>;
/** host:port of a Redis URL, without credentials, for messages and logs. */
export declare function describeRedis(url: string): string;
/** Connects, or gives up after `timeoutMs` (node-redis would otherwise retry the first connection forever). */
export declare function connectRedis(client: RedisClient, server: string, timeoutMs: number): Promise<void>;
/** Closes gracefully when Redis answers, at once when it does not. */
export declare function closeRedis(client: RedisClient, deadline: Deadline): Promise<void>;
/**
 * Logs an outage once when it starts (socket error, or a call past its deadline on a silent socket) and once
 * when it ends (reconnected, or a probe PING answered), never once per failed request.
 */
export declare class ConnectionWatch {
    private readonly client;
    private readonly server;
    private readonly deadline;
    private readonly logger?;
    private down;
    private probe;
    private stopped;
    constructor(client: RedisClient, server: string, deadline: Deadline, logger?: StorageLogger | undefined);
    /** A deadline policy that reports misses to this watch. */
    get commandDeadline(): Deadline;
    lost(error: unknown): void;
    restored(): void;
    stop(): void;
    /** A silent socket never emits "ready" again, so recovery from a stall is noticed by PING. */
    private scheduleProbe;
}
