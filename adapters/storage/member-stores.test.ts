import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@keyv/redis";
import { describe, expect, it } from "vitest";
import type { Invitation } from "../../domain/invitation.ts";
import { FixedClock, SystemClock } from "../system.ts";
import { KeyvInvitationStore } from "./keyv-invitation-store.ts";
import { KeyvWorkspaceStore } from "./keyv-workspace-store.ts";
import { openEmbeddedStorage, openMemoryStorage, type Storage } from "./open-storage.ts";
import { openRedisStorage } from "./redis-storage.ts";
import { deleteKeysUnder, findTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";
import { type Lease, LEASE_MS, LeaseLock } from "./workspace-lock.ts";

const redisUrl = await findTestRedis();

/** Two handles on one backend (two LMDB environments on one directory, two Redis connections), as two instances hold them. */
type OpenPair = () => Promise<{ one: Storage; two: Storage; close(): Promise<void> }>;
const backends: [string, OpenPair][] = [
  ["LMDB, two handles", async () => {
    const dir = mkdtempSync(join(tmpdir(), "members-"));
    const [one, two] = [openEmbeddedStorage(dir, new SystemClock()), openEmbeddedStorage(dir, new SystemClock())];
    return { one, two, close: async () => { await one.close(); await two.close(); rmSync(dir, { recursive: true, force: true }); } };
  }],
  ...(redisUrl ? [["Redis, two connections", async () => {
    const prefix = uniquePrefix("members");
    const config = redisConfig(redisUrl, prefix);
    const [one, two] = [await openRedisStorage(config, new SystemClock()), await openRedisStorage(config, new SystemClock())];
    return { one, two, close: async () => { await one.close(); await two.close(); await deleteKeysUnder(redisUrl, prefix); } };
  }] as [string, OpenPair]] : []),
];

const workspaceStore = (storage: Storage) =>
  new KeyvWorkspaceStore(storage.keyv("workspaces"), storage.keyv("workspace-members"), storage.keyv("account-workspaces"), storage.atomic<Lease>("workspace-locks"));
const member = (accountId: string, role: "owner" | "member" = "member") => ({ workspaceId: "ws_team", accountId, role, createdAt: 1 });
const invitation = (id: string, clock: FixedClock): Invitation => ({
  id, workspaceId: "ws_team", email: "bob@example.com", role: "member", tokenHash: `hash-of-${id}`, invitedBy: "acct_owner",
  createdAt: clock.now(), expiresAt: clock.now() + 7 * 86_400_000, status: "pending",
});

describe.each(backends)("member stores on %s", (_label, open) => {
  it("removes a membership from both sides at once: the other handle no longer finds it", async () => {
    const { one, two, close } = await open();
    try {
      await workspaceStore(one).saveMembership(member("acct_bob"));
      expect(await workspaceStore(two).findMembership("ws_team", "acct_bob")).toMatchObject({ role: "member" });
      await workspaceStore(one).removeMembership("ws_team", "acct_bob");
      expect(await workspaceStore(two).findMembership("ws_team", "acct_bob")).toBeUndefined();
      expect(await workspaceStore(two).listMembers("ws_team")).toEqual([]);
      expect(await workspaceStore(two).listMemberships("acct_bob")).toEqual([]);
      await workspaceStore(two).removeMembership("ws_team", "acct_nobody");
    } finally {
      await close();
    }
  });

  it("runs exclusive sections of one workspace one at a time across both handles (no lost update in 40 read-then-writes)", async () => {
    const { one, two, close } = await open();
    try {
      const stores = [workspaceStore(one), workspaceStore(two)];
      const counter = one.keyv<number>("lock-test");
      await counter.set("count", 0);
      const bump = (i: number) => stores[i % 2].exclusive("ws_team", async () => {
        const seen = (await counter.get("count")) ?? 0;
        await new Promise((resolve) => setTimeout(resolve, 1));
        await counter.set("count", seen + 1);
      });
      await Promise.all(Array.from({ length: 40 }, (_, i) => bump(i)));
      expect(await two.keyv<number>("lock-test").get("count")).toBe(40);
    } finally {
      await close();
    }
  });

  it("lets exactly one of two handles use a pending invitation, and finds it by token hash and by workspace", async () => {
    const { one, two, close } = await open();
    try {
      const clock = new FixedClock(Date.now());
      const stores = [one, two].map((storage) => new KeyvInvitationStore(storage.atomic<Invitation>("invitations"), storage.keyv("workspace-invitations"), clock));
      for (let trial = 0; trial < 10; trial++) {
        const created = invitation(`inv_${trial}`, clock);
        await stores[0].save(created);
        expect(await stores[1].findByTokenHash(created.tokenHash)).toEqual(created);
        const use = (i: number) => stores[i % 2].update(created.id, (current) => (current.status === "pending" ? { ...current, status: "accepted", endedBy: `acct_${i}` } : undefined));
        const changes = await Promise.all(Array.from({ length: 6 }, (_, i) => use(i)));
        expect(changes.filter((change) => change && change.after !== change.before)).toHaveLength(1);
      }
      expect((await stores[1].listByWorkspace("ws_team")).map((found) => [found.id, found.status])).toEqual(
        Array.from({ length: 10 }, (_, i) => [`inv_${i}`, "accepted"]));
    } finally {
      await close();
    }
  });
});

describe.skipIf(!redisUrl)("invitations on Redis", () => {
  it("expire on Redis itself: the record and its token index carry the invitation's TTL, kept by an update", async () => {
    const prefix = uniquePrefix("invitations");
    const storage = await openRedisStorage(redisConfig(redisUrl ?? "", prefix), new SystemClock());
    try {
      const clock = new FixedClock(Date.now());
      const store = new KeyvInvitationStore(storage.atomic<Invitation>("invitations"), storage.keyv("workspace-invitations"), clock);
      const created = { ...invitation("inv_ttl", clock), expiresAt: clock.now() + 60_000 };
      await store.save(created);
      await store.update(created.id, (current) => ({ ...current, status: "revoked" }));
      const client = createClient({ url: redisUrl });
      await client.connect();
      try {
        for (const key of [`${prefix}invitations:inv_ttl`, `${prefix}invitations:token:hash-of-inv_ttl`]) {
          const ttl = await client.pTTL(key);
          expect(ttl).toBeGreaterThan(50_000);
          expect(ttl).toBeLessThanOrEqual(60_000);
        }
      } finally {
        await client.quit();
      }
    } finally {
      await storage.close();
      await deleteKeysUnder(redisUrl ?? "", prefix);
    }
  });
});

describe("the workspace lease", () => {
  it("is taken over once its holder's lease has run out (a process that died holding it)", async () => {
    const storage = openMemoryStorage();
    let now = 1_000_000;
    const leases = storage.atomic<Lease>("workspace-locks");
    await leases.write("ws_team", undefined, { holder: "dead-process", until: now + LEASE_MS });
    const lock = new LeaseLock(leases, () => now);
    const entered = lock.run("ws_team", async () => "entered");
    now += LEASE_MS;
    expect(await entered).toBe("entered");
    expect((await leases.read("ws_team"))?.value).toEqual({ holder: "", until: 0 });
  });
});
