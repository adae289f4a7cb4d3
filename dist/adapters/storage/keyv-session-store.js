import { guardStorage } from "../../application/storage-unavailable.js";
/** Sessions by token hash in one Keyv namespace; the TTL lets Redis drop them itself once they expire. */
export class KeyvSessionStore {
    records;
    clock;
    constructor(records, clock) {
        this.records = records;
        this.clock = clock;
    }
    save(session, expiresAt) {
        return guardStorage("saveSession", async () => {
            // The TTL is housekeeping (Redis drops the record itself); ResolveSession decides expiry on the same clock.
            await this.records.set(session.id, session, Math.max(1000, expiresAt - this.clock.now()));
        });
    }
    find(id) {
        return guardStorage("findSession", () => this.records.get(id));
    }
    delete(id) {
        return guardStorage("deleteSession", async () => {
            await this.records.delete(id);
        });
    }
}
/** One-time values in a Keyv namespace, deleted as they are read. */
export class KeyvFlashStore {
    records;
    constructor(records) {
        this.records = records;
    }
    put(id, value, ttlMs) {
        return guardStorage("putFlash", async () => {
            await this.records.set(id, value, ttlMs);
        });
    }
    take(id) {
        return guardStorage("takeFlash", async () => {
            const value = await this.records.get(id);
            if (value !== undefined)
                await this.records.delete(id);
            return value;
        });
    }
}
