import KeyvRedis, { type KeyvRedisOptions, type RedisClientConnectionType } from "@keyv/redis";
import Keyv, { type KeyvEntry } from "keyv";
import { type Deadline, type RedisClient } from "./redis-connection.ts";
/**
 * @keyv/redis on a shared, already connected client, with every call bounded by a deadline.
 * It never reconnects on its own: after close(), or before the first connect, calls fail instead of
 * opening a second connection behind the owner's back.
 */
export declare class RedisKeyvStore<T> extends KeyvRedis<T> {
    private readonly shared;
    private readonly deadline;
    constructor(shared: RedisClient, options: KeyvRedisOptions, deadline: Deadline);
    getClient(): Promise<RedisClientConnectionType>;
    get<U = T>(key: string): Promise<U | undefined>;
    getMany<U = T>(keys: string[]): Promise<Array<U | undefined>>;
    set(key: string, value: string, ttl?: number): Promise<void>;
    setMany(entries: KeyvEntry[]): Promise<void>;
    has(key: string): Promise<boolean>;
    hasMany(keys: string[]): Promise<boolean[]>;
    delete(key: string): Promise<boolean>;
    deleteMany(keys: string[]): Promise<boolean>;
    clear(): Promise<void>;
    /** SCAN-backed listing; each step is bounded by the deadline, so listing during an outage fails instead of hanging. */
    iterator<U = T>(namespace?: string): AsyncGenerator<[string, U | undefined], void, unknown>;
    /** The owner closes the shared client once, for every namespace. */
    disconnect(): Promise<void>;
}
/**
 * A Keyv over one namespace: Redis keys `<namespace>:<key>`, errors thrown rather than swallowed (Keyv's
 * default would read an outage as "no such key"), the same settings `createKeyv` applies.
 */
export declare function createRedisKeyv<T>(client: RedisClient, namespace: string, deadline: Deadline): Keyv<T>;
