import type { Account } from "../../domain/account.ts";
import type { Session } from "../../domain/session.ts";
import { SystemClock } from "../system.ts";
import { KeyvAccountStore } from "./keyv-account-store.ts";
import { KeyvFlashStore, KeyvSessionStore } from "./keyv-session-store.ts";
import { KeyvWorkspaceStore } from "./keyv-workspace-store.ts";
import type { Storage } from "./open-storage.ts";
import { testApi } from "./test-api.ts";

/** A storage backend under test and how to dispose of it. */
export interface StorageFixture {
  readonly storage: Storage;
  close(): Promise<void>;
}

const account = (id: string, email: string): Account => ({ id, email, passwordHash: "scrypt$1$1$1$x$y", createdAt: 1 });

/** The account, workspace, session and flash stores' contracts, run against any Storage's Keyv namespaces. */
export function describeAccountStores(label: string, make: () => Promise<StorageFixture>): void {
  const { afterEach, describe, expect, it } = testApi();
  describe(`account stores on ${label}`, () => {
    let fixture: StorageFixture | undefined;
    const open = async () => {
      fixture = await make();
      const { keyv, atomic } = fixture.storage;
      const records = atomic<Account>("accounts");
      const emails = atomic<string>("account-emails");
      const flash = atomic<string>("dashboard-flash");
      const sessions = atomic<Session>("sessions");
      return {
        accounts: new KeyvAccountStore({ records: records.keyv, atomic: records, emails: emails.keyv, claimEmail: (email, id) => emails.claim(email, id) }),
        workspaces: new KeyvWorkspaceStore(keyv("workspaces"), keyv("workspace-members"), keyv("account-workspaces")),
        sessions: new KeyvSessionStore(sessions.keyv, new SystemClock(), keyv("account-sessions"), sessions),
        flash: new KeyvFlashStore(flash.keyv, flash),
      };
    };
    afterEach(async () => {
      await fixture?.close();
      fixture = undefined;
    });

    it("finds an account by id and by email, and refuses a second account with the same email", async () => {
      const { accounts } = await open();
      expect(await accounts.create(account("acct_1", "ada@example.com"))).toBe(true);
      expect(await accounts.create(account("acct_2", "ada@example.com"))).toBe(false);
      expect((await accounts.findByEmail("ada@example.com"))?.id).toBe("acct_1");
      expect((await accounts.findById("acct_1"))?.email).toBe("ada@example.com");
      expect(await accounts.findById("acct_2")).toBeUndefined();
      expect(await accounts.findByEmail("bob@example.com")).toBeUndefined();
    });

    it("lets exactly one of several concurrent sign-ups with one email through", async () => {
      const { accounts } = await open();
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => accounts.create(account(`acct_${i}`, "race@example.com"))));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it("keeps memberships findable from both sides, oldest first, without duplicates", async () => {
      const { workspaces } = await open();
      await workspaces.save({ id: "ws_1", name: "One", personal: false, createdBy: "acct_1", createdAt: 1 });
      await Promise.all([
        workspaces.saveMembership({ workspaceId: "ws_1", accountId: "acct_2", role: "member", createdAt: 2 }),
        workspaces.saveMembership({ workspaceId: "ws_1", accountId: "acct_1", role: "owner", createdAt: 1 }),
        workspaces.saveMembership({ workspaceId: "ws_2", accountId: "acct_1", role: "owner", createdAt: 3 }),
      ]);
      await workspaces.saveMembership({ workspaceId: "ws_1", accountId: "acct_2", role: "admin", createdAt: 2 });
      expect((await workspaces.listMembers("ws_1")).map((m) => [m.accountId, m.role])).toEqual([["acct_1", "owner"], ["acct_2", "admin"]]);
      expect((await workspaces.listMemberships("acct_1")).map((m) => m.workspaceId)).toEqual(["ws_1", "ws_2"]);
      expect((await workspaces.findMembership("ws_1", "acct_2"))?.role).toBe("admin");
      expect(await workspaces.findMembership("ws_1", "acct_3")).toBeUndefined();
      expect(await workspaces.listMembers("ws_unknown")).toEqual([]);
      expect((await workspaces.findById("ws_1"))?.name).toBe("One");
    });

    it("keeps 1,000 memberships of one account, each findable from both sides, listed oldest first", async () => {
      const { workspaces } = await open();
      const ids = Array.from({ length: 1000 }, (_, i) => `ws_${String(i).padStart(4, "0")}`);
      // Created in shuffled order: the listing orders by creation time, not by arrival or id.
      const order = [...ids].sort((a, b) => (a.slice(-2) + a < b.slice(-2) + b ? -1 : 1));
      for (let i = 0; i < order.length; i += 100) {
        await Promise.all(order.slice(i, i + 100).map((workspaceId) =>
          workspaces.saveMembership({ workspaceId, accountId: "acct_many", role: "owner", createdAt: 1000 + ids.indexOf(workspaceId) })));
      }
      expect((await workspaces.listMemberships("acct_many")).map((m) => m.workspaceId)).toEqual(ids);
      for (const workspaceId of [ids[0], ids[499], ids[999]]) {
        expect(await workspaces.findMembership(workspaceId, "acct_many")).toEqual({ workspaceId, accountId: "acct_many", role: "owner", createdAt: 1000 + ids.indexOf(workspaceId) });
        expect((await workspaces.listMembers(workspaceId)).map((m) => m.accountId)).toEqual(["acct_many"]);
      }
    });

    it("refuses a membership past maxPerAccount atomically, and still lets an existing one change", async () => {
      const { workspaces } = await open();
      const save = (workspaceId: string, role: "owner" | "admin" = "owner") =>
        workspaces.saveMembership({ workspaceId, accountId: "acct_cap", role, createdAt: 1 }, { maxPerAccount: 5 });
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => save(`ws_${i}`)));
      expect(results.filter(Boolean)).toHaveLength(5);
      const kept = await workspaces.listMemberships("acct_cap");
      expect(kept).toHaveLength(5);
      const refused = Array.from({ length: 20 }, (_, i) => `ws_${i}`).filter((_, i) => !results[i]);
      for (const workspaceId of refused) expect(await workspaces.listMembers(workspaceId)).toEqual([]);
      expect(await save(kept[0].workspaceId, "admin")).toBe(true);
      expect((await workspaces.findMembership(kept[0].workspaceId, "acct_cap"))?.role).toBe("admin");
      expect(await workspaces.saveMembership({ workspaceId: "ws_other", accountId: "acct_free", role: "owner", createdAt: 1 }, { maxPerAccount: 5 })).toBe(true);
    });

    it("stores sessions by id, forgets them on delete, and lets them expire with their TTL", async () => {
      const { sessions } = await open();
      const now = Date.now();
      const session: Session = { id: "hash1", accountId: "acct_1", workspaceId: "ws_1", csrfToken: "c", createdAt: now, lastSeenAt: now };
      await sessions.save(session, now + 60_000);
      expect(await sessions.find("hash1")).toEqual(session);
      await sessions.delete("hash1");
      expect(await sessions.find("hash1")).toBeUndefined();
      await sessions.save({ ...session, id: "hash2" }, now + 1000);
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect(await sessions.find("hash2")).toBeUndefined();
    });

    it("updates a stored session, and never writes back one deleted meanwhile (20 trials racing an update and a delete)", async () => {
      const { sessions } = await open();
      const now = Date.now();
      const session: Session = { id: "hash3", accountId: "acct_3", workspaceId: "ws_1", csrfToken: "c", createdAt: now, lastSeenAt: now };
      const expiry = () => now + 60_000;
      await sessions.save(session, now + 60_000);
      expect(await sessions.update("hash3", (current) => ({ ...current, workspaceId: "ws_2" }), expiry)).toEqual({ ...session, workspaceId: "ws_2" });
      expect(await sessions.find("hash3")).toEqual({ ...session, workspaceId: "ws_2" });
      expect(await sessions.update("hash-unknown", (current) => current, expiry)).toBeUndefined();
      for (let trial = 0; trial < 20; trial++) {
        const id = `race${trial}`;
        await sessions.save({ ...session, id }, now + 60_000);
        const [updated] = await Promise.all([
          sessions.update(id, (current) => ({ ...current, lastSeenAt: current.lastSeenAt + 1 }), expiry),
          sessions.delete(id),
        ]);
        expect(await sessions.find(id)).toBeUndefined();
        expect(await sessions.listByAccount("acct_3")).toEqual([{ ...session, workspaceId: "ws_2" }]);
        expect([undefined, { ...session, id, lastSeenAt: now + 1 }]).toContainEqual(updated);
      }
    });

    it("hands out a flash value once", async () => {
      const { flash } = await open();
      await flash.put("s:1", "secret-value", 60_000);
      expect(await flash.take("s:1")).toBe("secret-value");
      expect(await flash.take("s:1")).toBeUndefined();
      expect(await flash.take("s:unknown")).toBeUndefined();
    });

    it("hands a flash value to exactly one of 20 concurrent takes, 5 trials", async () => {
      const { flash } = await open();
      for (let trial = 0; trial < 5; trial++) {
        await flash.put(`race:${trial}`, `value-${trial}`, 60_000);
        const taken = await Promise.all(Array.from({ length: 20 }, () => flash.take(`race:${trial}`)));
        expect(taken.filter((value) => value !== undefined)).toEqual([`value-${trial}`]);
      }
    });

    it("applies 25 concurrent account updates one after the other, and never changes the email", async () => {
      const { accounts } = await open();
      await accounts.create(account("acct_u", "upd@example.com"));
      await Promise.all(Array.from({ length: 25 }, () =>
        accounts.update("acct_u", (current) => ({ ...current, sessionEpoch: (current.sessionEpoch ?? 0) + 1 }))));
      expect((await accounts.findById("acct_u"))?.sessionEpoch).toBe(25);
      const same = await accounts.update("acct_u", (current) => current);
      expect(same?.after).toBe(same?.before);
      expect(await accounts.update("acct_none", (current) => current)).toBeUndefined();
      await expect(accounts.update("acct_u", (current) => ({ ...current, email: "other@example.com" }))).rejects.toThrow();
      expect((await accounts.findByEmail("upd@example.com"))?.sessionEpoch).toBe(25);
    });

    it("deletes an account and frees its email for a new sign-up", async () => {
      const { accounts } = await open();
      await accounts.create(account("acct_d", "gone@example.com"));
      await accounts.delete("acct_d");
      expect(await accounts.findById("acct_d")).toBeUndefined();
      expect(await accounts.findByEmail("gone@example.com")).toBeUndefined();
      expect(await accounts.create(account("acct_d2", "gone@example.com"))).toBe(true);
      await accounts.delete("acct_d");
      expect((await accounts.findByEmail("gone@example.com"))?.id).toBe("acct_d2");
    });

    it("lists an account's sessions, oldest first, without deleted ones", async () => {
      const { sessions } = await open();
      const now = Date.now();
      const at = (id: string, accountId: string, createdAt: number): Session =>
        ({ id, accountId, workspaceId: "ws_1", csrfToken: "c", createdAt, lastSeenAt: createdAt });
      await sessions.save(at("s_b", "acct_l", now + 2), now + 60_000);
      await sessions.save(at("s_a", "acct_l", now + 1), now + 60_000);
      await sessions.save(at("s_c", "acct_l", now + 3), now + 60_000);
      await sessions.save(at("s_x", "acct_other", now), now + 60_000);
      await sessions.delete("s_c");
      expect((await sessions.listByAccount("acct_l")).map((s) => s.id)).toEqual(["s_a", "s_b"]);
      expect(await sessions.listByAccount("acct_none")).toEqual([]);
    });
  });
}
