import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Account } from "../../domain/account.ts";
import type { Webhook } from "../../domain/webhook.ts";
import { loadConfig } from "../config.ts";
import { keyIdOf, readEncryptionKey, SecretSealer } from "../security/secret-sealer.ts";
import type { Storage } from "../storage/open-storage.ts";
import { openSealedStores } from "../storage/sealed-records.ts";
import { openTestStorage } from "../storage/testing/open-test-storage.ts";
import { newEncryptionKey } from "../storage/testing/sealing-backends.ts";
import { createTestDatabase, findTestPostgres } from "../storage/postgres/testing/postgres.ts";
import { deleteKeysUnder, findTestRedis, uniquePrefix } from "../storage/testing/redis.ts";
import { makeWebhook } from "../storage/webhook-store.contract.ts";
import { SystemClock } from "../system.ts";
import { childEnv } from "../testing/child-env.ts";
import { built } from "../testing/process.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const redisUrl = await findTestRedis();
const hasPostgres = await findTestPostgres();
type Env = Record<string, string>;

const [NEW, OLD, LOST] = [newEncryptionKey(), newEncryptionKey(), newEncryptionKey()];
const idOf = (key: string) => keyIdOf(readEncryptionKey(key) as Uint8Array);
const TOTP = { plain: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", old: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU", pending: "MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK", fresh: "ONSWG4TFOQQGC3LNONSWG4TFOQQGC3LN" };
const SIGNING = { plain: "whsec_plainplainplainplainplainplainplainpla=", old: "whsec_oldoldoldoldoldoldoldoldoldoldoldoldol=", previous: "whsec_prevprevprevprevprevprevprevprevprevpr=" };

/** `tool-api secrets …` in its own process, as an operator runs it, with `env` only. */
function runSecrets(args: string[], env: Env): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [built("adapters/cli/tool-api"), "secrets", ...args], { cwd: ROOT, env: childEnv(env) }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }));
  });
}

/** Runs `use` on the store `env` names, opened in this process and closed after (the CLI then opens it alone). */
async function withStore<T>(env: Env, use: (storage: Storage) => Promise<T>): Promise<T> {
  const loaded = loadConfig({ LOG_LEVEL: "silent", ...env });
  if (!loaded.ok) throw new Error(loaded.error.join("; "));
  const storage = await openTestStorage(loaded.value, new SystemClock());
  try {
    return await use(storage);
  } finally {
    await storage.close();
  }
}

const account = (id: string, totp?: string, pending?: string): Account => ({
  id, email: `${id}@example.com`, passwordHash: "scrypt$1$1$1$x$y", createdAt: 1,
  ...(totp && { totp: { secret: totp, lastStep: 0, enabledAt: 2 } }), ...(pending && { totpPending: { secret: pending, createdAt: 3 } }),
});
const webhook = (id: string, secret: string, previousSecret: string | null = null): Webhook =>
  ({ ...makeWebhook(), id, workspaceId: `ws_${id}`, secret, previousSecret, previousSecretExpiresAt: previousSecret ? Date.now() + 60_000 : null });

/** Writes each record as a server with ENCRYPTION_KEY=`key` would (no key: plain). */
async function seed(env: Env, records: readonly { key?: string; account?: Account; webhook?: Webhook }[]): Promise<void> {
  await withStore(env, async (storage) => {
    for (const record of records) {
      const stores = openSealedStores(storage, new SecretSealer(record.key ? [record.key] : []));
      if (record.account) expect(await stores.accounts.create(record.account)).toBe(true);
      if (record.webhook) expect(await stores.webhooks.create(record.webhook, 20)).toBe(true);
    }
  });
}

/** Plain and old-key values of both kinds, one account already under the new key, and one with no secret. */
const MIXED = [
  { account: account("acct_plain", TOTP.plain) },
  { key: OLD, account: account("acct_old", TOTP.old, TOTP.pending) },
  { key: NEW, account: account("acct_new", TOTP.fresh) },
  { account: account("acct_none") },
  { webhook: webhook("wh_plain", SIGNING.plain) },
  { key: OLD, webhook: webhook("wh_old", SIGNING.old, SIGNING.previous) },
];
const EVERY_SECRET = [...Object.values(TOTP), ...Object.values(SIGNING)];

// Every test has a store of its own, so they run side by side (each CLI process is seconds of tsx).
type Backend = "embedded" | "redis" | "postgres";
const BACKENDS: readonly (readonly [string, Backend])[] = [
  ["the embedded store (LMDB)", "embedded"],
  ...(redisUrl ? [["Redis", "redis"] as const] : []),
  ...(hasPostgres ? [["PostgreSQL", "postgres"] as const] : []),
];

describe.concurrent.each(BACKENDS)("tool-api secrets on %s", (_, backend) => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });
  const freshStore = async (): Promise<Env> => {
    if (backend === "postgres") {
      const database = await createTestDatabase();
      cleanups.push(() => database.drop());
      return { DATABASE_URL: database.url };
    }
    if (backend === "redis") {
      const prefix = uniquePrefix("secrets");
      cleanups.push(() => deleteKeysUnder(redisUrl as string, prefix));
      return { REDIS_URL: redisUrl as string, REDIS_PREFIX: prefix };
    }
    const dir = mkdtempSync(join(tmpdir(), "tool-api-secrets-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return { DATA_DIR: join(dir, "data") };
  };
  const expectNoSecretShown = (...outputs: string[]) => {
    for (const output of outputs) for (const secret of EVERY_SECRET) expect(output).not.toContain(secret);
  };

  it("status counts each kind's plain values and the values under each key id, marking the listed and the first", async () => {
    const env = await freshStore();
    await seed(env, MIXED);
    const json = await runSecrets(["status", "--json"], { ...env, ENCRYPTION_KEY: `${NEW},${OLD}` });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      keys: [{ id: idOf(NEW), first: true }, { id: idOf(OLD), first: false }],
      accounts: { records: 4, plain: 1, sealed: [{ keyId: idOf(NEW), values: 1, listed: true, first: true }, { keyId: idOf(OLD), values: 2, listed: true, first: false }] },
      webhooks: { records: 2, plain: 1, sealed: [{ keyId: idOf(NEW), values: 0, listed: true, first: true }, { keyId: idOf(OLD), values: 2, listed: true, first: false }] },
    });
    const text = await runSecrets(["status"], { ...env, ENCRYPTION_KEY: NEW });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`Account TOTP secrets (4 accounts):\n  plain     1\n  ${idOf(NEW)}  1  first key of ENCRYPTION_KEY`);
    expect(text.stdout).toContain(`  ${idOf(OLD)}  2  NOT listed in ENCRYPTION_KEY`);
    expectNoSecretShown(json.stdout, text.stdout);
  }, 60_000);

  it("reseal seals every value with the new key, each opening to the same secret, then rewrites nothing on a second run", async () => {
    const env = { ...(await freshStore()), ENCRYPTION_KEY: `${NEW},${OLD}` };
    await seed(env, MIXED);
    const untouched = await withStore(env, async (storage) => storage.atomic("accounts").readRaw("acct_new"));
    const first = await runSecrets(["reseal"], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe(`Resealed with key ${idOf(NEW)}: 2 accounts and 2 webhooks rewritten; 2 left as they were (no secret, or already sealed with ${idOf(NEW)}).\n`);
    const status = JSON.parse((await runSecrets(["status", "--json"], env)).stdout);
    expect(status.accounts).toMatchObject({ plain: 0, sealed: [{ keyId: idOf(NEW), values: 4 }, { keyId: idOf(OLD), values: 0 }] });
    expect(status.webhooks).toMatchObject({ plain: 0, sealed: [{ keyId: idOf(NEW), values: 3 }, { keyId: idOf(OLD), values: 0 }] });
    await withStore(env, async (storage) => {
      expect(await storage.atomic("accounts").readRaw("acct_new")).toBe(untouched);
      const { accounts, webhooks } = openSealedStores(storage, new SecretSealer([NEW]));
      expect((await accounts.findById("acct_plain"))?.totp?.secret).toBe(TOTP.plain);
      expect(await accounts.findById("acct_old")).toMatchObject({ totp: { secret: TOTP.old }, totpPending: { secret: TOTP.pending } });
      expect(await webhooks.find("wh_plain")).toMatchObject({ secret: SIGNING.plain, previousSecret: null });
      expect(await webhooks.find("wh_old")).toMatchObject({ secret: SIGNING.old, previousSecret: SIGNING.previous });
    });
    const again = await runSecrets(["reseal", "--json"], env);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({
      keyId: idOf(NEW), accounts: { rewritten: 0, unchanged: 4, failed: [] }, webhooks: { rewritten: 0, unchanged: 2, failed: [] },
    });
    expectNoSecretShown(first.stdout, first.stderr, again.stdout);
  }, 60_000);

  it("reseal names each record whose key is not listed, exits 1, and still reseals the others", async () => {
    const env = { ...(await freshStore()), ENCRYPTION_KEY: `${NEW},${OLD}` };
    await seed(env, [...MIXED, { key: LOST, account: account("acct_lost", TOTP.fresh) }, { key: LOST, webhook: webhook("wh_lost", SIGNING.plain) }]);
    const run = await runSecrets(["reseal"], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Cannot reseal account acct_lost: the secret of account:acct_lost:totp is sealed with key ${idOf(LOST)}`);
    expect(run.stderr).toContain(`Cannot reseal webhook wh_lost: the secret of webhook:wh_lost:secret is sealed with key ${idOf(LOST)}`);
    expect(run.stdout).toContain("2 accounts and 2 webhooks rewritten");
    const status = JSON.parse((await runSecrets(["status", "--json"], env)).stdout);
    expect(status.accounts.sealed).toContainEqual({ keyId: idOf(LOST), values: 1, listed: false, first: false });
    expect(status.accounts.sealed).toContainEqual({ keyId: idOf(OLD), values: 0, listed: true, first: false });
    expect(status.webhooks.plain).toBe(0);
    expectNoSecretShown(run.stdout, run.stderr);
  }, 60_000);

  it("reseal without ENCRYPTION_KEY refuses with exit 2, saying there is no key to seal with, and writes nothing", async () => {
    const env = await freshStore();
    await seed(env, [{ account: account("acct_plain", TOTP.plain) }]);
    const run = await runSecrets(["reseal"], env);
    expect([run.code, run.stdout]).toEqual([2, ""]);
    expect(run.stderr).toContain("ENCRYPTION_KEY is not set, so there is no key to seal with");
    expect(JSON.parse((await runSecrets(["status", "--json"], env)).stdout).accounts).toEqual({ records: 1, plain: 1, sealed: [] });
  }, 60_000);
});

describe("tool-api secrets usage", () => {
  it("prints the usage on stdout with exit 0 for --help, and on stderr with exit 2 for an unknown command", async () => {
    const [help, unknown] = await Promise.all([runSecrets(["--help"], {}), runSecrets(["rotate"], {})]);
    expect([help.code, help.stderr]).toEqual([0, ""]);
    expect(help.stdout).toContain("tool-api secrets reseal [--json]");
    expect([unknown.code, unknown.stdout]).toEqual([2, ""]);
    expect(unknown.stderr).toContain("tool-api secrets status [--json]");
  }, 60_000);
});
