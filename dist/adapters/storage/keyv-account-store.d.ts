import type Keyv from "keyv";
import type { AccountStore } from "../../application/ports.ts";
import type { Account } from "../../domain/account.ts";
/** Accounts as plain records in one Keyv namespace, plus an email → id index in another; any Keyv backend. */
export declare class KeyvAccountStore implements AccountStore {
    private readonly records;
    private readonly emails;
    private readonly lock;
    constructor(records: Keyv<Account>, emails: Keyv<string>);
    create(account: Account): Promise<boolean>;
    findById(id: string): Promise<Account | undefined>;
    findByEmail(email: string): Promise<Account | undefined>;
}
