import { afterEach, describe, expect, it } from "vitest";
import type { Account } from "../../domain/account.ts";
import { SealedSecretError, SecretSealer } from "../security/secret-sealer.ts";
import { ACCOUNT_NAMESPACES, atomicAccountStore } from "./keyv-account-store.ts";
import type { Storage } from "./open-storage.ts";
import { SealedAccountStore } from "./sealed-account-store.ts";
import { newEncryptionKey, SEALING_BACKENDS, type SealingBackend } from "./testing/sealing-backends.ts";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const PENDING = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
const ada = (overrides: Partial<Account> = {}): Account =>
  ({ id: "acct_ada", email: "ada@example.com", passwordHash: "scrypt$1$1$1$x$y", createdAt: 1, ...overrides });
const enabled = (account: Account): Account => ({ ...account, totp: { secret: SECRET, lastStep: 0, enabledAt: 2 }, totpPending: undefined });

/** The real KeyvAccountStore on one handle of the backend (its compare-and-set records), and its raw records. */
function accountsOn(storage: Storage) {
  const records = storage.atomic<Account>(ACCOUNT_NAMESPACES.records);
  return { inner: atomicAccountStore((namespace) => storage.atomic(namespace)), raw: async (id: string) => (await records.readRaw(id)) ?? "" };
}

describe.each(SEALING_BACKENDS)("SealedAccountStore on %s", (_, open) => {
  let backend: SealingBackend | undefined;
  const start = async (keys = [newEncryptionKey()]) => {
    backend = await open();
    const { inner, raw } = accountsOn(backend.one);
    return { inner, raw, accounts: new SealedAccountStore(inner, new SecretSealer(keys)), other: new SealedAccountStore(accountsOn(backend.two).inner, new SecretSealer(keys)) };
  };
  afterEach(async () => {
    await backend?.close();
    backend = undefined;
  });

  it("stores the pending and the enabled TOTP secret only sealed, and reads them back plain", async () => {
    const { accounts, raw } = await start();
    await accounts.create(ada({ totpPending: { secret: PENDING, createdAt: 2 } }));
    expect(await raw("acct_ada")).not.toContain(PENDING);
    expect(await raw("acct_ada")).toMatch(/"secret":"enc:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+"/);
    expect((await accounts.findByEmail("ada@example.com"))?.totpPending?.secret).toBe(PENDING);
    const { after } = (await accounts.update("acct_ada", enabled)) ?? {};
    expect(after?.totp?.secret).toBe(SECRET);
    expect(await raw("acct_ada")).not.toContain(SECRET);
    expect(await raw("acct_ada")).toContain('"totp":{"secret":"enc:v1:');
    expect((await accounts.findById("acct_ada"))?.totp?.secret).toBe(SECRET);
  });

  it.each([["undefined", () => undefined], ["its argument", (current: Account) => current]])(
    "answers a change that returns %s with one object for before and after, opened, and writes nothing",
    async (_, change) => {
      const { accounts, raw } = await start();
      await accounts.create(enabled(ada()));
      const stored = await raw("acct_ada");
      const result = await accounts.update("acct_ada", change);
      expect(result?.after).toBe(result?.before);
      expect(result?.after.totp?.secret).toBe(SECRET);
      expect(await raw("acct_ada")).toBe(stored);
    },
  );

  it("reads a record stored plain before the key was set, and seals it on its next write, not before", async () => {
    const { accounts, inner, raw } = await start();
    await inner.create(enabled(ada()));
    expect((await accounts.findById("acct_ada"))?.totp?.secret).toBe(SECRET);
    await accounts.update("acct_ada", (current) => current);
    expect(await raw("acct_ada")).toContain(SECRET);
    const { before, after } = (await accounts.update("acct_ada", (current) => ({ ...current, sessionEpoch: 1 }))) ?? {};
    expect([before?.totp?.secret, after?.totp?.secret, after?.sessionEpoch]).toEqual([SECRET, SECRET, 1]);
    expect(await raw("acct_ada")).not.toContain(SECRET);
    expect((await accounts.findById("acct_ada"))?.totp?.secret).toBe(SECRET);
  });

  it("ends 20 racing updates (two instances) as if they ran one after another, each seeing the secret plain", async () => {
    const { accounts, other, raw } = await start();
    await accounts.create(enabled(ada()));
    const seen: string[] = [];
    const step = (current: Account): Account => {
      seen.push(current.totp?.secret ?? "");
      return { ...current, totp: { secret: SECRET, enabledAt: 2, lastStep: (current.totp?.lastStep ?? 0) + 1 } };
    };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? other : accounts).update("acct_ada", step)));
    expect(new Set(results.map((result) => result?.before.totp?.lastStep))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => i)));
    expect((await accounts.findById("acct_ada"))?.totp).toEqual({ secret: SECRET, enabledAt: 2, lastStep: 20 });
    expect(new Set(seen)).toEqual(new Set([SECRET]));
    expect(await raw("acct_ada")).not.toContain(SECRET);
  });

  it("refuses a sealed secret copied into another account, and any sealed one without its key, naming ENCRYPTION_KEY", async () => {
    const { accounts, inner, raw } = await start();
    await accounts.create(enabled(ada()));
    const sealed = (JSON.parse(await raw("acct_ada")) as { value: Account }).value.totp?.secret ?? "";
    await inner.create({ ...ada({ id: "acct_bob", email: "bob@example.com" }), totp: { secret: sealed, lastStep: 0, enabledAt: 2 } });
    await expect(accounts.findById("acct_bob")).rejects.toThrow(/copied from another record or field/);
    const keyless = new SealedAccountStore(inner, new SecretSealer());
    await expect(keyless.findById("acct_ada")).rejects.toThrow(/ENCRYPTION_KEY is not set/);
    // Inside the store's compare-and-set the error stays itself, not a storage outage (503).
    await expect(keyless.update("acct_ada", (current) => ({ ...current, sessionEpoch: 1 }))).rejects.toBeInstanceOf(SealedSecretError);
  });
});
