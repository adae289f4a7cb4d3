import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { OAuthCode, OAuthGrant } from "../../application/oauth-ports.ts";
import { MCP_RESOURCE, type OAuthFixture, oauthFixture, REDIRECT_URI } from "../oauth/testing.ts";
import { FixedClock } from "../system.ts";
import { KeyvOAuthStore } from "./keyv-oauth-store.ts";
import { openEmbeddedStorage, openMemoryStorage, type Storage } from "./open-storage.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";

const redisUrl = await findTestRedis();
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two views of one storage: on Redis two connections (two instances), elsewhere the same storage twice. */
interface Backend {
  readonly name: string;
  open(): Promise<[Storage, Storage]>;
}

const START = Date.UTC(2026, 3, 1, 9);

const BACKENDS: Backend[] = [
  { name: "memory", open: async () => { const storage = openMemoryStorage(new FixedClock(START)); return [storage, storage]; } },
  {
    name: "embedded LMDB",
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), "oauth-store-"));
      const storage = openEmbeddedStorage(dir, new FixedClock(START));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      return [storage, storage];
    },
  },
  ...(redisUrl ? [{
    name: "Redis (two instances)",
    open: async (): Promise<[Storage, Storage]> => {
      const prefix = uniquePrefix("oauth");
      const open = () => openTestRedis(redisConfig(redisUrl, prefix), new FixedClock(START));
      const pair: [Storage, Storage] = [await open(), await open()];
      cleanups.push(() => deleteKeysUnder(redisUrl, prefix));
      return pair;
    },
  }] : []),
];

const grant = (id: string): OAuthGrant => ({
  id, clientId: "client_a", clientName: "A", accountId: "acc_1", workspaceId: "ws_1", keyId: "key_1", resource: "https://x.test/mcp",
  scope: "tools", createdAt: START, refreshHash: "h0",
});
const code: OAuthCode = { grantId: "grant_1", clientId: "client_a", redirectUri: REDIRECT_URI, codeChallenge: "c", resource: "https://x.test/mcp", expiresAt: START + 60_000, spent: false };

/** Two fixtures on the two views of one storage, sharing one clock: what one instance grants, the other judges. */
async function twoInstances(backend: Backend): Promise<[OAuthFixture, OAuthFixture]> {
  const [a, b] = await backend.open();
  const clock = new FixedClock(START);
  const first = oauthFixture({ storage: a, clock });
  const second = a === b ? first : oauthFixture({ storage: b, clock });
  cleanups.push(() => first.core.close(), ...(second === first ? [] : [() => second.core.close()]));
  return [first, second];
}

const TRIALS = 15;
const CONCURRENT = 6;

describe.each(BACKENDS)("KeyvOAuthStore on $name", (backend) => {
  it("spends a code once: of concurrent spends exactly one is first, and every later spend is told it was spent", async () => {
    const [a, b] = await backend.open();
    const stores = [new KeyvOAuthStore(a.atomic.bind(a)), new KeyvOAuthStore(b.atomic.bind(b))];
    for (let trial = 0; trial < TRIALS; trial++) {
      const hash = `code-${trial}`;
      await stores[0].saveCode(hash, code, 600_000);
      const spends = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => stores[i % 2].spendCode(hash)));
      expect(spends.filter((spend) => spend?.first).length, `trial ${trial}`).toBe(1);
      expect(spends.every((spend) => spend?.code.grantId === "grant_1")).toBe(true);
      expect(await stores[1].spendCode(hash)).toMatchObject({ first: false });
    }
    expect(await stores[0].spendCode("absent")).toBeUndefined();
    if (a !== b) await b.close();
    await a.close();
  });

  it("changes a grant by compare-and-set: of concurrent rotations from one hash exactly one lands", async () => {
    const [a, b] = await backend.open();
    const stores = [new KeyvOAuthStore(a.atomic.bind(a)), new KeyvOAuthStore(b.atomic.bind(b))];
    for (let trial = 0; trial < TRIALS; trial++) {
      const id = `grant_${trial}`;
      await stores[0].saveGrant(grant(id), 600_000);
      const updates = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) =>
        stores[i % 2].updateGrant(id, (current) => (current.refreshHash === "h0" ? { ...current, refreshHash: `h${i + 1}` } : undefined), 600_000)));
      const landed = updates.filter((update) => update && update.after !== update.before);
      expect(landed.length, `trial ${trial}`).toBe(1);
      expect((await stores[1].findGrant(id))?.refreshHash).toBe(landed[0]?.after.refreshHash);
    }
    await stores[0].deleteGrant("grant_0");
    expect(await stores[1].findGrant("grant_0")).toBeUndefined();
    expect(await stores[1].updateGrant("grant_0", (current) => current, 1000)).toBeUndefined();
    if (a !== b) await b.close();
    await a.close();
  });

  it("drops records once their TTL has passed", async () => {
    const [a] = await backend.open();
    const store = new KeyvOAuthStore(a.atomic.bind(a));
    // Long enough that a loaded machine still reads them back before they go (30 ms failed once on LMDB while a whole suite ran beside it).
    const ttlMs = 500;
    await store.saveGrant(grant("short"), ttlMs);
    await store.saveCode("short", code, ttlMs);
    await store.saveAccessToken("short", { grantId: "g", keyId: "k", resource: "r", expiresAt: 0 }, ttlMs);
    expect(await store.findGrant("short")).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, ttlMs + 100));
    expect(await store.findGrant("short")).toBeUndefined();
    expect(await store.spendCode("short")).toBeUndefined();
    expect(await store.findAccessToken("short")).toBeUndefined();
    await a.close();
  });

  it("lets exactly one of concurrent exchanges of one code spend it, the others ending its grant and no key of it left active, over many trials", async () => {
    const [one, two] = await twoInstances(backend);
    const ada = await one.person("ada@example.com");
    const clientId = await one.register();
    for (let trial = 0; trial < TRIALS; trial++) {
      const issued = (await one.approve(ada, clientId)).get("code") as string;
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => (i % 2 ? two : one).oauth.token(one.codeForm(clientId, issued))));
      // One spent it first; the others are reuses, which end its grant: the first either got its tokens before (and
      // they are refused from then on) or found the grant ended. No key made for it is left active either way.
      const reuses = answers.filter((answer) => !answer.ok && answer.error.description.includes("used already"));
      expect(reuses.length, `trial ${trial}`).toBe(CONCURRENT - 1);
      const first = answers.find((answer) => !reuses.includes(answer));
      if (first?.ok) expect(await one.oauth.authenticate(first.value.access_token, MCP_RESOURCE), `trial ${trial}`).toBeUndefined();
      else expect(first?.error.error, `trial ${trial}`).toBe("invalid_grant");
    }
    const keys = (await one.storage.keys.listByWorkspace?.(ada.workspaceId)) ?? [];
    expect(keys.filter((key) => key.status === "active")).toEqual([]);
  });

  it("lets exactly one of concurrent refreshes with one token win, over many trials", async () => {
    const [one, two] = await twoInstances(backend);
    const ada = await one.person("ada@example.com");
    const clientId = await one.register();
    for (let trial = 0; trial < TRIALS; trial++) {
      const { tokens } = await one.granted(ada, clientId);
      const form = { grant_type: "refresh_token", refresh_token: tokens.refresh_token };
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => (i % 2 ? two : one).oauth.token(form)));
      expect(answers.filter((answer) => answer.ok).length, `trial ${trial}`).toBe(1);
      // The others presented a token already rotated away: a reuse, which ends the grant on every instance.
      const winner = answers.find((answer) => answer.ok);
      expect(winner?.ok && (await two.oauth.authenticate(winner.value.access_token, `${"https://tools.example.test"}/mcp`))).toBeUndefined();
    }
  });
});
