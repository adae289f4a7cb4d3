import KeyvRedis, {} from "@keyv/redis";
import Keyv, {} from "keyv";
import { withDeadline } from "./redis-connection.js";
import { StorageUnavailableError } from "../../application/storage-unavailable.js";
/**
 * @keyv/redis on a shared, already connected client, with every call bounded by a deadline.
 * It never reconnects on its own: after close(), or before the first connect, calls fail instead of
 * opening a second connection behind the owner's back.
 */
export class RedisKeyvStore extends KeyvRedis {
    shared;
    deadline;
    constructor(shared, options, deadline) {
        super(shared, options);
        this.shared = shared;
        this.deadline = deadline;
    }
    async getClient() {
        if (!this.shared.isOpen)
            throw new StorageUnavailableError("the Redis client is closed");
        return this.shared;
    }
    get(key) {
        return withDeadline(super.get(key), this.deadline, "GET");
    }
    getMany(keys) {
        return withDeadline(super.getMany(keys), this.deadline, "MGET");
    }
    set(key, value, ttl) {
        return withDeadline(super.set(key, value, ttl), this.deadline, "SET");
    }
    setMany(entries) {
        return withDeadline(super.setMany(entries), this.deadline, "SET");
    }
    has(key) {
        return withDeadline(super.has(key), this.deadline, "EXISTS");
    }
    hasMany(keys) {
        return withDeadline(super.hasMany(keys), this.deadline, "EXISTS");
    }
    delete(key) {
        return withDeadline(super.delete(key), this.deadline, "UNLINK");
    }
    deleteMany(keys) {
        return withDeadline(super.deleteMany(keys), this.deadline, "UNLINK");
    }
    clear() {
        return withDeadline(super.clear(), this.deadline, "SCAN/UNLINK");
    }
    /** SCAN-backed listing; each step is bounded by the deadline, so listing during an outage fails instead of hanging. */
    async *iterator(namespace) {
        const pages = super.iterator(namespace);
        while (true) {
            const step = await withDeadline(pages.next(), this.deadline, "SCAN");
            if (step.done)
                return;
            yield step.value;
        }
    }
    /** The owner closes the shared client once, for every namespace. */
    async disconnect() { }
}
/**
 * A Keyv over one namespace: Redis keys `<namespace>:<key>`, errors thrown rather than swallowed (Keyv's
 * default would read an outage as "no such key"), the same settings `createKeyv` applies.
 */
export function createRedisKeyv(client, namespace, deadline) {
    const store = new RedisKeyvStore(client, { namespace, keyPrefixSeparator: ":", throwOnErrors: true, throwOnConnectError: true }, deadline);
    const keyv = new Keyv({ store, namespace, useKeyPrefix: false, throwOnErrors: true });
    if (!keyv.iterator)
        throw new Error("Keyv did not wire the Redis iterator; listing would be impossible");
    return keyv;
}
