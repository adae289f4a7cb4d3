import type { Storage } from "../open-storage.ts";

/** What a storage moved between `reset()` and now: entries and bytes read from it, bytes written to it. */
export interface StorageTraffic {
  readonly read: { entries: number; bytes: number };
  readonly written: { bytes: number };
  reset(): void;
}

const sizeOf = (value: unknown): number => (typeof value === "string" ? Buffer.byteLength(value) : Buffer.isBuffer(value) ? value.length : 0);

/**
 * Counts what a real storage reads and writes, below every adapter of this project: on LMDB each entry a range
 * or a get yields and each value put; on Redis each reply and each argument on the wire (sendCommand, node-redis's
 * one way out). Whatever layout a version of the project stores, its reads and writes pass through here.
 */
export async function watchStorageTraffic(storage: Storage): Promise<StorageTraffic> {
  const traffic: StorageTraffic = {
    read: { entries: 0, bytes: 0 },
    written: { bytes: 0 },
    reset: () => {
      traffic.read.entries = traffic.read.bytes = traffic.written.bytes = 0;
    },
  };
  // Both built-in stores keep their backend on the Keyv store adapter (LMDB's root database, Redis's shared client).
  const store = storage.keyv("traffic-probe").store as { db?: Record<string, unknown>; getClient?: () => Promise<Record<string, unknown>> };
  if (storage.kind === "redis" && store.getClient) watchRedis(await store.getClient(), traffic);
  else if (store.db) watchLmdb(store.db, traffic);
  else throw new Error("watchStorageTraffic needs the embedded (LMDB) or the Redis storage");
  return traffic;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

function watchLmdb(db: Record<string, unknown>, traffic: StorageTraffic): void {
  const getRange = db.getRange as Method;
  const get = db.get as Method;
  const put = db.put as Method;
  db.getRange = function (this: unknown, ...args: unknown[]) {
    const range = getRange.apply(this, args) as { map(f: (entry: { value: unknown }) => unknown): unknown };
    return range.map((entry) => {
      traffic.read.entries += 1;
      traffic.read.bytes += sizeOf(entry.value);
      return entry;
    });
  };
  db.get = function (this: unknown, ...args: unknown[]) {
    const value = get.apply(this, args);
    traffic.read.entries += value === undefined ? 0 : 1;
    traffic.read.bytes += sizeOf(value);
    return value;
  };
  db.put = function (this: unknown, ...args: unknown[]) {
    traffic.written.bytes += sizeOf(args[0]) + sizeOf(args[1]);
    return put.apply(this, args);
  };
}

function watchRedis(outer: Record<string, unknown>, traffic: StorageTraffic): void {
  // node-redis hands out a facade; every command ends in the sendCommand of the client behind it (`_self`).
  const client = (outer._self ?? outer) as Record<string, unknown>;
  const sendCommand = client.sendCommand as Method;
  client.sendCommand = async function (this: unknown, ...args: unknown[]) {
    for (const arg of args[0] as unknown[]) traffic.written.bytes += sizeOf(arg);
    const reply = await sendCommand.apply(this, args);
    countReply(reply, traffic);
    return reply;
  };
}

function countReply(reply: unknown, traffic: StorageTraffic): void {
  if (Array.isArray(reply)) for (const item of reply) countReply(item, traffic);
  else if (reply && typeof reply === "object" && !Buffer.isBuffer(reply)) for (const item of Object.values(reply)) countReply(item, traffic);
  else if (reply !== null && reply !== undefined) {
    traffic.read.entries += 1;
    traffic.read.bytes += sizeOf(reply);
  }
}
