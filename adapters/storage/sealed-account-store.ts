import type { AccountStore, AccountUpdate } from "../../application/ports.ts";
import type { Account } from "../../domain/account.ts";
import type { SecretSealer } from "../security/secret-sealer.ts";
import { type SealedFields, updateSealed } from "./sealed-update.ts";

/**
 * Any AccountStore with the TOTP secrets (the enabled one and a pending set-up's) sealed at rest: written sealed with
 * ENCRYPTION_KEY's first key, read back opened, so the application never sees the sealed form.
 */
export class SealedAccountStore implements AccountStore {
  private readonly fields: SealedFields<Account>;

  constructor(private readonly inner: AccountStore, sealer: SecretSealer) {
    this.fields = accountFields(sealer);
  }

  create(account: Account): Promise<boolean> {
    return this.inner.create(this.fields.seal(account));
  }

  async findById(id: string): Promise<Account | undefined> {
    const stored = await this.inner.findById(id);
    return stored && this.fields.open(stored);
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const stored = await this.inner.findByEmail(email);
    return stored && this.fields.open(stored);
  }

  update(id: string, change: (current: Account) => Account | undefined): Promise<AccountUpdate | undefined> {
    return updateSealed((key, sealedChange) => this.inner.update(key, sealedChange), id, change, this.fields);
  }

  delete(id: string): Promise<void> {
    return this.inner.delete(id);
  }
}

/** The two TOTP fields, each authenticated with its account and field name. */
function accountFields(sealer: SecretSealer): SealedFields<Account> {
  const contexts = (account: Account) => ({ totp: `account:${account.id}:totp`, pending: `account:${account.id}:totp-pending` });
  const each = (account: Account, convert: (value: string, context: string) => string): Account => {
    const { totp, totpPending } = account;
    if (!totp && !totpPending) return account;
    const context = contexts(account);
    return {
      ...account,
      ...(totp && { totp: { ...totp, secret: convert(totp.secret, context.totp) } }),
      ...(totpPending && { totpPending: { ...totpPending, secret: convert(totpPending.secret, context.pending) } }),
    };
  };
  return {
    open: (stored) => each(stored, (value, context) => sealer.open(value, context)),
    seal: (plain) => each(plain, (value, context) => sealer.seal(value, context)),
  };
}
