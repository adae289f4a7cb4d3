import { KeyedLock } from "./keyed-lock.js";
import { guardStorage } from "../../application/storage-unavailable.js";
/** Accounts as plain records in one Keyv namespace, plus an email → id index in another; any Keyv backend. */
export class KeyvAccountStore {
    records;
    emails;
    lock = new KeyedLock();
    constructor(records, emails) {
        this.records = records;
        this.emails = emails;
    }
    create(account) {
        return guardStorage("createAccount", () => this.lock.run(account.email, async () => {
            if ((await this.emails.get(account.email)) !== undefined)
                return false;
            await this.records.set(account.id, account);
            await this.emails.set(account.email, account.id);
            // Another instance may have claimed the email meanwhile (Keyv has no set-if-absent): the last writer wins.
            return (await this.emails.get(account.email)) === account.id;
        }));
    }
    findById(id) {
        return guardStorage("findAccount", () => this.records.get(id));
    }
    findByEmail(email) {
        return guardStorage("findAccountByEmail", async () => {
            const id = await this.emails.get(email);
            return id === undefined ? undefined : this.records.get(id);
        });
    }
}
