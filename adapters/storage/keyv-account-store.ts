import type Keyv from "keyv";
import type { AccountStore } from "../../application/ports.ts";
import type { Account } from "../../domain/account.ts";
import { KeyedLock } from "./keyed-lock.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";

/** Claims an email for an account id, atomically: true for exactly one of any number of concurrent claims. */
export type ClaimEmail = (email: string, accountId: string) => Promise<boolean>;

/**
 * The claim for a backend without atomic writes (a custom storage with only Keyv): exact within this process only,
 * since Keyv has no set-if-absent.
 */
export function claimInProcess(emails: Keyv<string>): ClaimEmail {
  const lock = new KeyedLock();
  return (email, accountId) =>
    lock.run(email, async () => {
      if ((await emails.get(email)) !== undefined) return false;
      await emails.set(email, accountId);
      return true;
    });
}

/** Accounts as plain records in one Keyv namespace, plus an email → id index in another; any Keyv backend. */
export class KeyvAccountStore implements AccountStore {
  constructor(
    private readonly records: Keyv<Account>,
    private readonly emails: Keyv<string>,
    /** Set-if-absent on `emails` in the store itself (SET NX on Redis, a write transaction on LMDB). */
    private readonly claimEmail: ClaimEmail = claimInProcess(emails),
  ) {}

  create(account: Account): Promise<boolean> {
    return guardStorage("createAccount", async () => {
      // The record goes first: a claimed email always leads to an account. A record whose claim lost is never reached.
      await this.records.set(account.id, account);
      const claimed = await this.claimEmail(account.email, account.id);
      if (!claimed) await this.records.delete(account.id);
      return claimed;
    });
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
