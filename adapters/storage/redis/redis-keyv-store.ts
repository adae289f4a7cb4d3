import KeyvRedis, { type KeyvRedisOptions, type RedisClientConnectionType } from "@keyv/redis";
import Keyv, { type KeyvEntry } from "keyv";
import { type Deadline, type RedisClient, withDeadline } from "./redis-connection.ts";
import { StorageUnavailableError } from "../../../application/storage-unavailable.ts";

/** Keys SCAN reads per call: a page of a large keyspace in about a millisecond of Redis's time. */
const SCAN_PAGE = 1000;

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

  /** Empties the namespace a SCAN page at a time, each page's SCAN and UNLINK within the deadline. */
  override async clear(): Promise<void> {
    for await (const keys of this.scanPages(this.namespace)) await this.deleteMany(keys.map((key) => this.getKeyWithoutPrefix(key, this.namespace)));
  }

  /**
   * SCAN-backed listing, every Redis call within the deadline. @keyv/redis's own iterator asks SCAN for 10 keys at a
   * time and reads on until a page matches: in a keyspace of a million keys, listing a small namespace is a hundred
   * thousand calls inside one step, which no deadline could bound. A key gone between SCAN and MGET is not listed
   * (Keyv would fail reading it).
   */
  override async *iterator<U = T>(namespace?: string): AsyncGenerator<[string, U | undefined], void, unknown> {
    for await (const keys of this.scanPages(namespace)) {
      const names = keys.map((key) => this.getKeyWithoutPrefix(key, namespace));
      const values = await this.getMany<U>(names);
      for (const [index, value] of values.entries()) if (value !== undefined && value !== null) yield [names[index], value];
    }
  }

  /** The namespace's keys (with their prefix), a page per SCAN call, on every master of a cluster. */
  private async *scanPages(namespace: string | undefined): AsyncGenerator<string[]> {
    const match = namespace ? `${namespace}${this.keyPrefixSeparator}*` : "*";
    for (const node of await withDeadline(this.getMasterNodes(), this.deadline, "CONNECT")) {
      let cursor = "0";
      do {
        const page = await withDeadline(node.scan(cursor, { MATCH: match, COUNT: SCAN_PAGE, TYPE: "string" }), this.deadline, "SCAN");
        cursor = String(page.cursor);
        // Without a namespace, only keys outside every namespace, as @keyv/redis lists them.
        const keys = namespace ? page.keys : page.keys.filter((key) => !key.includes(this.keyPrefixSeparator));
        if (keys.length > 0) yield keys;
      } while (cursor !== "0");
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
