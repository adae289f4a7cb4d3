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
      const keyv = fixture.storage.keyv;
      return {
        accounts: new KeyvAccountStore(keyv("accounts"), keyv("account-emails")),
        workspaces: new KeyvWorkspaceStore(keyv("workspaces"), keyv("workspace-members"), keyv("account-workspaces")),
        sessions: new KeyvSessionStore(keyv("sessions"), new SystemClock()),
        flash: new KeyvFlashStore(keyv("dashboard-flash")),
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

    it("hands out a flash value once", async () => {
      const { flash } = await open();
      await flash.put("s:1", "secret-value", 60_000);
      expect(await flash.take("s:1")).toBe("secret-value");
      expect(await flash.take("s:1")).toBeUndefined();
      expect(await flash.take("s:unknown")).toBeUndefined();
    });
  });
}
