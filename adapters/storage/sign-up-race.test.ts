import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../domain/account.ts";
import { createLogger } from "../logger.ts";
import { ScryptPasswordHasher } from "../security/scrypt-password-hasher.ts";
import { TEST_SCRYPT_COST } from "../testing/harness.ts";
import { type RunningServer, startServer } from "../server.ts";
import { SystemClock } from "../system.ts";
import { hashText } from "../tools/crypto/hash-text.ts";
import { KeyvAccountStore } from "./keyv-account-store.ts";
import { openEmbeddedStorage } from "./open-storage.ts";
import { deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";

/** The acceptance: exactly one account in 20 of 20 runs of 20 concurrent sign-ups. */
const RUNS = 20;
const AT_ONCE = 20;
const redisUrl = await findTestRedis();

const account = (email: string, n: number): Account =>
  ({ id: `acc_race${n}_${Math.random().toString(36).slice(2)}`, email, passwordHash: "x", createdAt: n });

describe("sign-up claims the email in the store itself", () => {
  it(`two processes' stores on one LMDB file: ${AT_ONCE} concurrent creations of one email, exactly one wins (${RUNS} runs)`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "sign-up-race-"));
    const storages = [openEmbeddedStorage(dir, new SystemClock()), openEmbeddedStorage(dir, new SystemClock())];
    try {
      const stores = storages.map((storage) => {
        const emails = storage.atomic<string>("account-emails");
        return new KeyvAccountStore({ records: storage.keyv("accounts"), emails: emails.keyv, claimEmail: (email, id) => emails.claim(email, id) });
      });
      for (let run = 0; run < RUNS; run++) {
        const email = `race${run}@example.com`;
        const results = await Promise.all(Array.from({ length: AT_ONCE }, (_, n) => stores[n % 2].create(account(email, n))));
        expect(results.filter(Boolean)).toHaveLength(1);
        const winner = await stores[1].findByEmail(email);
        expect(winner?.email).toBe(email);
      }
    } finally {
      for (const storage of storages) await storage.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(!redisUrl)("sign-up across two instances on one Redis", () => {
  const url = redisUrl as string;
  const prefix = uniquePrefix("signup");
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    // Each sign-up comes from its own address behind a trusted proxy, as from many people: the per-address sign-up
    // limit is not what this test is about.
    const config = redisConfig(url, prefix, { TRUST_PROXY: "loopback" });
    const passwordHasher = new ScryptPasswordHasher(TEST_SCRYPT_COST);
    for (let i = 0; i < 2; i++) servers.push(await startServer(config, { logger: createLogger("silent"), tools: [hashText], passwordHasher }));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await deleteKeysUnder(url, prefix);
  });

  it(`${AT_ONCE} concurrent sign-ups of one email create exactly one account (${RUNS} runs)`, async () => {
    let address = 0;
    for (let run = 0; run < RUNS; run++) {
      const email = `race${run}-${Math.random().toString(36).slice(2)}@example.com`;
      const statuses = await Promise.all(Array.from({ length: AT_ONCE }, async (_, n) => {
        address += 1;
        const response = await fetch(`${servers[n % 2].url}/api/v1/auth/sign-up`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `198.18.${address >> 8}.${address & 255}` },
          body: JSON.stringify({ email, password: "correct horse battery staple" }),
        });
        await response.arrayBuffer();
        return response.status;
      }));
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
    }
  }, 180_000);
});
