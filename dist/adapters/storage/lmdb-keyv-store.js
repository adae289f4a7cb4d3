import { EventEmitter } from "node:events";
import { mkdirSync } from "node:fs";
import { open } from "lmdb";
import Keyv, {} from "keyv";
/**
 * A Keyv store on LMDB: an embedded, crash-safe store that several processes can open at once,
 * so a key written by the CLI is visible to a running server without any server process.
 */
export class LmdbKeyvStore extends EventEmitter {
    db;
    opts;
    namespace;
    constructor(db, path) {
        super();
        this.db = db;
        this.opts = { dialect: "lmdb", url: path };
    }
    async get(key) {
        return this.db.get(key);
    }
    async set(key, value) {
        // Keyv has already folded any TTL into the serialized value and checks it on read.
        return this.db.put(key, value);
    }
    async delete(key) {
        return this.db.remove(key);
    }
    async clear() {
        const prefix = this.namespace ? `${this.namespace}:` : "";
        for (const { key } of this.db.getRange({ start: prefix })) {
            if (!key.startsWith(prefix))
                break;
            await this.db.remove(key);
        }
    }
    async has(key) {
        return this.db.doesExist(key);
    }
    async *iterator(namespace) {
        const prefix = namespace ? `${namespace}:` : "";
        for (const { key, value } of this.db.getRange({ start: prefix, snapshot: false })) {
            if (!key.startsWith(prefix))
                break;
            yield [key, value];
        }
    }
    async disconnect() {
        // The root database is shared by every namespace; it is closed once by closeLmdb().
    }
}
export function openLmdb(dir) {
    mkdirSync(dir, { recursive: true });
    const path = `${dir}/store.mdb`;
    const db = open({ path, encoding: "string", compression: false });
    return {
        db,
        path,
        keyv(namespace) {
            const keyv = new Keyv({ store: new LmdbKeyvStore(db, path), namespace, throwOnErrors: true });
            return withIterator(keyv);
        },
        close: () => db.close(),
    };
}
/** Keyv only wires `iterator()` for the adapters it knows by name; ours has one too. */
export function withIterator(keyv) {
    const store = keyv.store;
    if (!keyv.iterator && typeof store.iterator === "function") {
        keyv.iterator = keyv.generateIterator(store.iterator.bind(store));
    }
    return keyv;
}
