import KeyvRedis, { type KeyvRedisOptions, type RedisClientConnectionType } from "@keyv/redis";
import Keyv, { type KeyvEntry } from "keyv";
import { type Deadline, type RedisClient, withDeadline } from "./redis-connection.ts";
import { StorageUnavailableError } from "../../../application/storage-unavailable.ts";

/**
 * @keyv/redis on a shared, already connected client, with every call bounded by a deadline.
 * It never reconnects on its own: after close(), or before the first connect, calls fail instead of
 * opening a second connection behind the owner's back.
 */
export class RedisKeyvStore<T> extends KeyvRedis<T> {
  constructor(
    private readonly shared: RedisClient,
    options: KeyvRedisOptions,
    private readonly deadline: Deadline,
  ) {
    super(shared as unknown as RedisClientConnectionType, options);
  }

  override async getClient(): Promise<RedisClientConnectionType> {
    if (!this.shared.isOpen) throw new StorageUnavailableError("the Redis client is closed");
    return this.shared as unknown as RedisClientConnectionType;
  }

  override get<U = T>(key: string): Promise<U | undefined> {
    return withDeadline(super.get<U>(key), this.deadline, "GET");
  }

  override getMany<U = T>(keys: string[]): Promise<Array<U | undefined>> {
    return withDeadline(super.getMany<U>(keys), this.deadline, "MGET");
  }

  override set(key: string, value: string, ttl?: number): Promise<void> {
    return withDeadline(super.set(key, value, ttl), this.deadline, "SET");
  }

  override setMany(entries: KeyvEntry[]): Promise<void> {
    return withDeadline(super.setMany(entries), this.deadline, "SET");
  }

  override has(key: string): Promise<boolean> {
    return withDeadline(super.has(key), this.deadline, "EXISTS");
  }

  override hasMany(keys: string[]): Promise<boolean[]> {
    return withDeadline(super.hasMany(keys), this.deadline, "EXISTS");
  }

  override delete(key: string): Promise<boolean> {
    return withDeadline(super.delete(key), this.deadline, "UNLINK");
  }

  override deleteMany(keys: string[]): Promise<boolean> {
    return withDeadline(super.deleteMany(keys), this.deadline, "UNLINK");
  }

  override clear(): Promise<void> {
    return withDeadline(super.clear(), this.deadline, "SCAN/UNLINK");
  }

  /** SCAN-backed listing; each step is bounded by the deadline, so listing during an outage fails instead of hanging. */
  override async *iterator<U = T>(namespace?: string): AsyncGenerator<[string, U | undefined], void, unknown> {
    const pages = super.iterator<U>(namespace);
    while (true) {
      const step = await withDeadline(pages.next(), this.deadline, "SCAN");
      if (step.done) return;
      yield step.value;
    }
  }

  /** The owner closes the shared client once, for every namespace. */
  override async disconnect(): Promise<void> {}
}

/**
 * A Keyv over one namespace: Redis keys `<namespace>:<key>`, errors thrown rather than swallowed (Keyv's
 * default would read an outage as "no such key"), the same settings `createKeyv` applies.
 */
export function createRedisKeyv<T>(client: RedisClient, namespace: string, deadline: Deadline): Keyv<T> {
  const store = new RedisKeyvStore<T>(client, { namespace, keyPrefixSeparator: ":", throwOnErrors: true, throwOnConnectError: true }, deadline);
  const keyv = new Keyv<T>({ store, namespace, useKeyPrefix: false, throwOnErrors: true });
  if (!keyv.iterator) throw new Error("Keyv did not wire the Redis iterator; listing would be impossible");
  return keyv;
}
