import type Keyv from "keyv";
import type { AccountStore } from "../../application/ports.ts";
import type { Account } from "../../domain/account.ts";
import { KeyedLock } from "./keyed-lock.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";

/** Accounts as plain records in one Keyv namespace, plus an email → id index in another; any Keyv backend. */
export class KeyvAccountStore implements AccountStore {
  private readonly lock = new KeyedLock();

  constructor(private readonly records: Keyv<Account>, private readonly emails: Keyv<string>) {}

  create(account: Account): Promise<boolean> {
    return guardStorage("createAccount", () =>
      this.lock.run(account.email, async () => {
        if ((await this.emails.get(account.email)) !== undefined) return false;
        await this.records.set(account.id, account);
        await this.emails.set(account.email, account.id);
        // Another instance may have claimed the email meanwhile (Keyv has no set-if-absent): the last writer wins.
        return (await this.emails.get(account.email)) === account.id;
      }),
    );
  }

  findById(id: string): Promise<Account | undefined> {
    return guardStorage("findAccount", () => this.records.get(id));
  }

  findByEmail(email: string): Promise<Account | undefined> {
    return guardStorage("findAccountByEmail", async () => {
      const id = await this.emails.get(email);
      return id === undefined ? undefined : this.records.get(id);
    });
  }
}
