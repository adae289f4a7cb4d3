import { guardStorage } from "../../application/storage-unavailable.js";
/** Keys as plain records in one Keyv namespace, plus a hash → id index in another; works on every Keyv backend. */
export class KeyvApiKeyStore {
    records;
    hashes;
    constructor(records, hashes) {
        this.records = records;
        this.hashes = hashes;
    }
    save(key) {
        return guardStorage("save", async () => {
            // The index goes first: a record is only ever findable once its hash resolves to it.
            await this.hashes.set(key.secretHash, key.id);
            await this.records.set(key.id, key);
        });
    }
    findById(id) {
        return guardStorage("findById", () => this.records.get(id));
    }
    findByHash(secretHash) {
        return guardStorage("findByHash", async () => {
            const id = await this.hashes.get(secretHash);
            return id === undefined ? undefined : this.records.get(id);
        });
    }
    list() {
        return guardStorage("list", async () => {
            if (!this.records.iterator)
                throw new Error("this Keyv store cannot list its entries");
            const keys = [];
            for await (const [, value] of this.records.iterator(undefined))
                keys.push(value);
            return keys;
        });
    }
    ping() {
        return guardStorage("ping", async () => {
            await this.records.get("__ping__");
        });
    }
}
