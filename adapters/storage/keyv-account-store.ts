import type Keyv from "keyv";
import type { AccountStore, AccountUpdate } from "../../application/ports.ts";
import type { Account } from "../../domain/account.ts";
import type { AtomicRecords } from "./atomic-records.ts";
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

/** What KeyvAccountStore is built on; `atomic` and `claimEmail` make it exact across processes. */
export interface AccountRecords {
  readonly records: Keyv<Account>;
  readonly emails: Keyv<string>;
  /** Set-if-absent on `emails` in the store itself (SET NX on Redis, a write transaction on LMDB). */
  readonly claimEmail?: ClaimEmail;
  /** The `records` namespace with compare-and-set writes; without it, updates are exact within this process only. */
  readonly atomic?: AtomicRecords<Account>;
}

/** Accounts as plain records in one Keyv namespace, plus an email → id index in another; any Keyv backend. */
export class KeyvAccountStore implements AccountStore {
  private readonly records: Keyv<Account>;
  private readonly emails: Keyv<string>;
  private readonly claimEmail: ClaimEmail;
  private readonly lock = new KeyedLock();

  constructor(private readonly backing: AccountRecords) {
    this.records = backing.records;
    this.emails = backing.emails;
    this.claimEmail = backing.claimEmail ?? claimInProcess(backing.emails);
  }

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

  update(id: string, change: (current: Account) => Account | undefined): Promise<AccountUpdate | undefined> {
    return guardStorage("updateAccount", async () => {
      const { atomic } = this.backing;
      if (!atomic) return this.lock.run(id, () => this.updateInProcess(id, change));
      for (;;) {
        const current = await atomic.read(id);
        if (!current) return undefined;
        const next = this.checked(current.value, change(current.value));
        if (!next) return { before: current.value, after: current.value };
        if (await atomic.write(id, current.raw, next)) return { before: current.value, after: next };
      }
    });
  }

  delete(id: string): Promise<void> {
    return guardStorage("deleteAccount", async () => {
      const account = await this.records.get(id);
      if (!account) return;
      // The record goes first: from then on nothing signs in as it; the email is freed after.
      await this.records.delete(id);
      if ((await this.emails.get(account.email)) === id) await this.emails.delete(account.email);
    });
  }

  private async updateInProcess(id: string, change: (current: Account) => Account | undefined): Promise<AccountUpdate | undefined> {
    const current = await this.records.get(id);
    if (!current) return undefined;
    const next = this.checked(current, change(current));
    if (!next) return { before: current, after: current };
    await this.records.set(id, next);
    return { before: current, after: next };
  }

  private checked(current: Account, next: Account | undefined): Account | undefined {
    if (!next || next === current) return undefined;
    if (next.id !== current.id || next.email !== current.email) throw new Error("an account update cannot change its id or email");
    return next;
  }
}

/** The namespaces accounts live in, on every backend (the server's stores, `tool-api secrets`, export). */
export const ACCOUNT_NAMESPACES = { records: "accounts", emails: "account-emails" } as const;

/** The account store on a backend with atomic writes: records changed by compare-and-set, emails claimed atomically. */
export function atomicAccountStore(atomic: <T>(namespace: string) => AtomicRecords<T>): KeyvAccountStore {
  const records = atomic<Account>(ACCOUNT_NAMESPACES.records);
  const emails = atomic<string>(ACCOUNT_NAMESPACES.emails);
  return new KeyvAccountStore({ records: records.keyv, atomic: records, emails: emails.keyv, claimEmail: (email, id) => emails.claim(email, id) });
}
