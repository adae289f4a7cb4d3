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
import { sortedIndexOf } from "./sorted-index.ts";
import { migrate } from "./postgres/migrate.ts";
import { createTestDatabase, findTestPostgres, postgresConfig } from "./postgres/testing/postgres.ts";
import { openTestStorage } from "./testing/open-test-storage.ts";
import { deleteKeysUnder, findTestRedis, openTestRedis, redisConfig, uniquePrefix } from "./testing/redis.ts";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import { type Lease, LEASE_MS, LeaseLock, WRITE_MARGIN_MS } from "./workspace-lock.ts";

const redisUrl = await findTestRedis();
const postgres = await findTestPostgres();

/** Two handles on one backend (two LMDB environments on one directory, two Redis connections, two PostgreSQL pools), as two instances hold them. */
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
    const [one, two] = [await openTestRedis(config, new SystemClock()), await openTestRedis(config, new SystemClock())];
    return { one, two, close: async () => { await one.close(); await two.close(); await deleteKeysUnder(redisUrl, prefix); } };
  }] as [string, OpenPair]] : []),
  ...(postgres ? [["PostgreSQL, two pools", async () => {
    const database = await createTestDatabase();
    await migrate(database.url);
    const config = postgresConfig(database.url);
    const [one, two] = [await openTestStorage(config, new SystemClock()), await openTestStorage(config, new SystemClock())];
    return { one, two, close: async () => { await one.close(); await two.close(); await database.drop(); } };
  }] as [string, OpenPair]] : []),
];

const workspaceStore = (storage: Storage, now?: () => number) =>
  new KeyvWorkspaceStore(storage.keyv("workspaces"), storage.keyv("workspace-members"), storage.keyv("account-workspaces"), storage.atomic<Lease>("workspace-locks"), now);
// Ids as long as real ones (`ws_` and 16 characters…): keys past 63 characters are where LMDB's key encoding changes.
const WS = "ws_TeamTeamTeamTeam1";
const ACCT = (name: string) => `acct_${name.padEnd(16, "0")}`;
const INV = (n: number) => `inv_${String(n).padStart(16, "0")}`;
const member = (accountId: string, role: "owner" | "member" = "member") => ({ workspaceId: WS, accountId, role, createdAt: 1 });
const invitation = (id: string, clock: FixedClock): Invitation => ({
  id, workspaceId: WS, email: "bob@example.com", role: "member", tokenHash: `${"f".repeat(48)}${id}`, invitedBy: "acct_owner",
  createdAt: clock.now(), expiresAt: clock.now() + 7 * 86_400_000, status: "pending",
});

describe.each(backends)("member stores on %s", (_label, open) => {
  it("removes a membership from both sides at once: the other handle no longer finds it", async () => {
    const { one, two, close } = await open();
    try {
      await workspaceStore(one).saveMembership(member(ACCT("bob")));
      expect((await workspaceStore(two).listMembers(WS)).map((found) => found.accountId)).toEqual([ACCT("bob")]);
      expect(await workspaceStore(two).findMembership(WS, ACCT("bob"))).toMatchObject({ role: "member" });
      await workspaceStore(one).removeMembership(WS, ACCT("bob"));
      expect(await workspaceStore(two).findMembership(WS, ACCT("bob"))).toBeUndefined();
      expect(await workspaceStore(two).listMembers(WS)).toEqual([]);
      expect(await workspaceStore(two).listMemberships(ACCT("bob"))).toEqual([]);
      await workspaceStore(two).removeMembership(WS, ACCT("nobody"));
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
      const bump = (i: number) => stores[i % 2].exclusive(WS, async () => {
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

  it("stops a section that outlived its lease before it writes: two owners removing each other while one stalled leave one owner", async () => {
    const { one, two, close } = await open();
    try {
      let now = Date.now();
      const [stalled, other] = [workspaceStore(one, () => now), workspaceStore(two, () => now)];
      await stalled.saveMembership(member(ACCT("first"), "owner"));
      await stalled.saveMembership(member(ACCT("second"), "owner"));
      let entered!: () => void;
      let resume!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const paused = new Promise<void>((resolve) => (resume = resolve));
      // Each owner removes the other, as the last-owner rule allows while both are owners.
      const removeSecond = stalled.exclusive(WS, async (ensureHeld) => {
        const owners = (await stalled.listMembers(WS)).filter((found) => found.role === "owner");
        entered();
        await paused;
        ensureHeld();
        if (owners.length > 1) await stalled.removeMembership(WS, ACCT("second"));
      });
      await inside;
      now += LEASE_MS;
      await other.exclusive(WS, async (ensureHeld) => {
        const owners = (await other.listMembers(WS)).filter((found) => found.role === "owner");
        ensureHeld();
        if (owners.length > 1) await other.removeMembership(WS, ACCT("first"));
      });
      resume();
      await expect(removeSecond).rejects.toBeInstanceOf(StorageUnavailableError);
      expect((await other.listMembers(WS)).map((found) => found.accountId)).toEqual([ACCT("second")]);
      expect(await one.atomic<Lease>("workspace-locks").read(WS)).toMatchObject({ value: { holder: "", until: 0 } });
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
        const created = invitation(INV(trial), clock);
        await stores[0].save(created);
        expect(await stores[1].findByTokenHash(created.tokenHash)).toEqual(created);
        const use = (i: number) => stores[i % 2].update(created.id, (current) => (current.status === "pending" ? { ...current, status: "accepted", endedBy: `acct_${i}` } : undefined));
        const changes = await Promise.all(Array.from({ length: 6 }, (_, i) => use(i)));
        expect(changes.filter((change) => change && change.after !== change.before)).toHaveLength(1);
      }
      expect((await stores[1].listByWorkspace(WS)).map((found) => [found.id, found.status])).toEqual(
        Array.from({ length: 10 }, (_, i) => [INV(i), "accepted"]));
    } finally {
      await close();
    }
  });

  it("caps pending invitations atomically across both handles: 100 of 110 concurrent saves; an ended or expired one frees its place", async () => {
    const { one, two, close } = await open();
    try {
      const clock = new FixedClock(Date.now());
      const stores = [one, two].map((storage) => new KeyvInvitationStore(storage.atomic<Invitation>("invitations"), storage.keyv("workspace-invitations"), clock));
      const made = (n: number) => ({ ...invitation(INV(n), clock), tokenHash: `${"e".repeat(44)}${INV(n)}` });
      const saved = await Promise.all(Array.from({ length: 110 }, (_, n) => stores[n % 2].save(made(n), { maxPending: 100 })));
      expect(saved.filter(Boolean)).toHaveLength(100);
      const stored = (await stores[1].listByWorkspace(WS)).map((found) => found.id);
      expect(stored).toHaveLength(100);
      expect(await stores[0].save(made(200), { maxPending: 100 })).toBe(false);
      await stores[1].update(stored[0], (current) => ({ ...current, status: "revoked" }));
      expect(await stores[0].save(made(201), { maxPending: 100 })).toBe(true);
      expect(await stores[1].save(made(202), { maxPending: 100 })).toBe(false);
      clock.advance(7 * 86_400_000);
      expect(await stores[1].save(made(203), { maxPending: 100 })).toBe(true);
    } finally {
      await close();
    }
  });
});

describe.skipIf(!redisUrl)("invitations on Redis", () => {
  it("expire on Redis itself: the record and its token index carry the invitation's TTL, kept by an update", async () => {
    const prefix = uniquePrefix("invitations");
    const storage = await openTestRedis(redisConfig(redisUrl ?? "", prefix), new SystemClock());
    try {
      const clock = new FixedClock(Date.now());
      const store = new KeyvInvitationStore(storage.atomic<Invitation>("invitations"), storage.keyv("workspace-invitations"), clock);
      const created = { ...invitation(INV(999), clock), expiresAt: clock.now() + 60_000 };
      await store.save(created);
      await store.update(created.id, (current) => ({ ...current, status: "revoked" }));
      const client = createClient({ url: redisUrl });
      await client.connect();
      try {
        for (const key of [`${prefix}invitations:${INV(999)}`, `${prefix}invitations:token:${"f".repeat(48)}${INV(999)}`]) {
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

describe("the LMDB sorted index", () => {
  it("lists members whatever their keys' length (lmdb-js encodes keys of 64 characters and more differently)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sorted-"));
    const storage = openEmbeddedStorage(dir, new SystemClock());
    try {
      const index = sortedIndexOf(storage.keyv("workspace-invitations"));
      const members = [10, 40, 63, 64, 100, 300].map((length) => "m".repeat(length));
      for (const found of members) await index.put("ws_0123456789abcdef", found, found);
      expect((await index.all("ws_0123456789abcdef")).map((entry) => entry.member.length)).toEqual([10, 40, 63, 64, 100, 300]);
      expect((await index.descending("ws_0123456789abcdef", 10)).map((entry) => entry.member.length)).toEqual([300, 100, 64, 63, 40, 10]);
      await index.remove("ws_0123456789abcdef", members[4]);
      expect((await index.all("ws_0123456789abcdef")).map((entry) => entry.member.length)).toEqual([10, 40, 63, 64, 300]);
    } finally {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the workspace lease", () => {
  it("is taken over once its holder's lease has run out (a process that died holding it)", async () => {
    const storage = openMemoryStorage();
    let now = 1_000_000;
    const leases = storage.atomic<Lease>("workspace-locks");
    await leases.write(WS, undefined, { holder: "dead-process", until: now + LEASE_MS });
    const lock = new LeaseLock(leases, () => now);
    const entered = lock.run(WS, async () => "entered");
    now += LEASE_MS;
    expect(await entered).toBe("entered");
    expect((await leases.read(WS))?.value).toEqual({ holder: "", until: 0 });
  });

  it("lets a section write while enough of its lease is left, and not once too little is", async () => {
    const storage = openMemoryStorage();
    let now = 1_000_000;
    const lock = new LeaseLock(storage.atomic<Lease>("workspace-locks"), () => now);
    const checks: string[] = [];
    await lock.run(WS, async (ensureHeld) => {
      now += LEASE_MS - WRITE_MARGIN_MS;
      ensureHeld();
      checks.push("held");
      now += 1;
      expect(ensureHeld).toThrow(StorageUnavailableError);
    });
    expect(checks).toEqual(["held"]);
    // Without shared leases (one process, one lock) a section never lapses.
    await new LeaseLock(undefined, () => now).run(WS, async (ensureHeld) => {
      now += 10 * LEASE_MS;
      expect(ensureHeld()).toBeUndefined();
    });
  });
});
