import { describe, expect, it } from "vitest";
import { type SecurityCore, securityCore } from "../adapters/testing/security-core.ts";
import type { Account } from "../domain/account.ts";
import { isActive } from "../domain/api-key.ts";
import { personalWorkspaceOf } from "./account-changes.ts";

const PASSWORD = "correct horse battery";
const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? "ok" : result.error?.code);

async function signedUp(test: SecurityCore, email: string): Promise<{ token: string; account: Account }> {
  const result = await test.signUp.execute({ email, password: PASSWORD, ip: "10.0.0.1" });
  if (!result.ok) throw new Error(result.error.message);
  const account = await test.accounts.findByEmail(email);
  if (!account) throw new Error("no account");
  return { token: result.value.token, account };
}

/** A shared workspace of `owner`, which `other` joins with `role`. */
async function sharedWorkspace(test: SecurityCore, owner: Account, other: Account, role: "owner" | "member"): Promise<string> {
  const created = await test.members.createWorkspace.execute({ accountId: owner.id, name: "Team" });
  if (!created.ok) throw new Error(created.error.message);
  const invited = await test.members.inviteMember.execute({ accountId: owner.id, workspaceId: created.value.id, email: other.email, role });
  if (!invited.ok) throw new Error(invited.error.message);
  const accepted = await test.members.acceptInvitation.execute({ accountId: other.id, token: invited.value.token });
  if (!accepted.ok) throw new Error(accepted.error.message);
  return created.value.id;
}

/**
 * Makes the two deletions meet where they read the workspace's roster: the first read waits (up to 30 ms) for a
 * second one, so without the workspace's exclusive section both would read two owners and both would leave.
 */
function meetInRoster(test: SecurityCore, workspaceId: string): void {
  const { workspaces } = test;
  const read = workspaces.listMembers.bind(workspaces);
  let waiting: (() => void) | undefined;
  workspaces.listMembers = async (id) => {
    if (id === workspaceId) {
      if (waiting) waiting();
      else await new Promise<void>((resolve) => { waiting = resolve; setTimeout(resolve, 30); });
    }
    return read(id);
  };
}

/**
 * Starts a key creation in `workspaceId` as the deletion, its password checked, lists the account's memberships:
 * with `offset` ≥ 0 the creation starts that many microtask turns later, below 0 the deletion goes on that many
 * later. The two then interleave at a different point in each trial.
 */
function createKeyDuringDeletion(test: SecurityCore, account: Account, workspaceId: string, offset: number): Promise<unknown> {
  const { workspaces } = test;
  const list = workspaces.listMemberships.bind(workspaces);
  const steps = async (count: number) => { for (let step = 0; step < count; step++) await null; };
  let started: (value: Promise<unknown>) => void = () => {};
  const creation = new Promise<Promise<unknown>>((resolve) => { started = resolve; });
  workspaces.listMemberships = async (accountId) => {
    workspaces.listMemberships = list;
    started(steps(offset).then(() => createRacingKey(test, account, workspaceId)));
    await steps(-offset);
    return list(accountId);
  };
  return creation.then((created) => created);
}

/** An account with its personal workspace's id. */
async function withPersonal(test: SecurityCore): Promise<{ account: Account; personalId: string }> {
  const { account } = await signedUp(test, "ada@example.com");
  const personal = await personalWorkspaceOf(test.workspaces, account.id);
  if (!personal) throw new Error("no personal workspace");
  return { account, personalId: personal.id };
}

const createRacingKey = (test: SecurityCore, account: Account, workspaceId: string) =>
  test.createWorkspaceKey.execute({ accountId: account.id, workspaceId, name: "racing", env: "development" });

const activeKeysIn = async (test: SecurityCore, workspaceId: string) =>
  (await test.keys.list()).filter((key) => key.workspaceId === workspaceId && isActive(key));

const deleteAccount = (test: SecurityCore, account: Account, password: unknown = PASSWORD) =>
  test.security.deleteAccount.execute({ account, password, ip: "10.0.0.2" });

describe("deleting an account", () => {
  it("ends its sessions, removes its memberships and frees its email for a new sign-up", async () => {
    const test = securityCore();
    const ada = await signedUp(test, "ada@example.com");
    const personal = await personalWorkspaceOf(test.workspaces, ada.account.id);
    expect(codeOf(await deleteAccount(test, ada.account))).toBe("ok");
    expect(codeOf(await test.resolve.execute({ token: ada.token }))).toBe("unauthorized");
    expect(await test.accounts.findById(ada.account.id)).toBeUndefined();
    expect(await test.workspaces.listMembers(personal?.id ?? "")).toEqual([]);
    expect(codeOf(await test.signIn.execute({ email: "ada@example.com", password: PASSWORD, ip: "10.0.0.3" }))).toBe("invalid_credentials");
    const again = await signedUp(test, "ada@example.com");
    expect(again.account.id).not.toBe(ada.account.id);
    expect(codeOf(await test.resolve.execute({ token: again.token }))).toBe("ok");
  });

  it("refuses a wrong password with 401 and a missing one with 422, deleting nothing", async () => {
    const test = securityCore();
    const ada = await signedUp(test, "ada@example.com");
    expect(codeOf(await deleteAccount(test, ada.account, "not the password at all"))).toBe("invalid_credentials");
    expect(codeOf(await deleteAccount(test, ada.account, null))).toBe("invalid_input");
    expect(codeOf(await test.resolve.execute({ token: ada.token }))).toBe("ok");
  });

  it("refuses with 409 while it is the last owner of a shared workspace, leaving every membership; then, with another owner, leaves", async () => {
    const test = securityCore();
    const ada = await signedUp(test, "ada@example.com");
    const bob = await signedUp(test, "bob@example.com");
    const team = await sharedWorkspace(test, ada.account, bob.account, "member");
    const refused = await deleteAccount(test, ada.account);
    expect(refused.ok || refused.error).toMatchObject({ code: "conflict" });
    expect(refused.ok || refused.error.message).toContain("'Team'");
    expect((await test.workspaces.listMembers(team)).map((member) => member.accountId).sort()).toEqual([ada.account.id, bob.account.id].sort());
    expect(codeOf(await test.resolve.execute({ token: ada.token }))).toBe("ok");
    // A workspace it only belongs to as a member never holds it back.
    expect(codeOf(await deleteAccount(test, bob.account))).toBe("ok");
    expect((await test.workspaces.listMembers(team)).map((member) => member.accountId)).toEqual([ada.account.id]);
    const types = (await test.audit.list(team, 50)).map((event) => event.type);
    expect(types).toContain("member.removed");
  });

  it("lets exactly one of two owners of one shared workspace delete their account when both try at once (20 trials)", async () => {
    for (let trial = 0; trial < 20; trial++) {
      const test = securityCore();
      const ada = await signedUp(test, "ada@example.com");
      const bob = await signedUp(test, "bob@example.com");
      const team = await sharedWorkspace(test, ada.account, bob.account, "owner");
      meetInRoster(test, team);
      const results = await Promise.all([deleteAccount(test, ada.account), deleteAccount(test, bob.account)]);
      expect(results.map(codeOf).sort()).toEqual(["conflict", "ok"]);
      const owners = (await test.workspaces.listMembers(team)).filter((member) => member.role === "owner");
      expect(owners).toHaveLength(1);
      expect(await test.accounts.findById(owners[0].accountId)).toBeDefined();
    }
  });

  it("leaves no active key in its personal workspace when a key is created there during the deletion (80 trials, the two a step apart each time)", async () => {
    const outcomes = new Set<string>();
    for (let trial = 0; trial < 80; trial++) {
      const test = securityCore();
      const { account, personalId } = await withPersonal(test);
      const creation = createKeyDuringDeletion(test, account, personalId, trial - 40);
      const [deleted, created] = await Promise.all([deleteAccount(test, account), creation]);
      expect(codeOf(deleted)).toBe("ok");
      outcomes.add(codeOf(created as { ok: boolean; error?: { code: string } }) ?? "");
      expect(await activeKeysIn(test, personalId), `trial ${trial}`).toEqual([]);
    }
    // The trials met the deletion at both sides of the membership's removal: created (then swept) and refused.
    expect([...outcomes].sort()).toEqual(["forbidden", "ok"]);
  });

  it("revokes a key created in its personal workspace after the deletion's first sweep listed the keys, before the membership went", async () => {
    const test = securityCore();
    const { account, personalId } = await withPersonal(test);
    let created: unknown;
    const { keys } = test;
    // The sweep's listing is taken, then the creation runs whole (the membership still there), then the sweep goes on.
    const read = keys.listByWorkspace?.bind(keys);
    if (!read) throw new Error("the store lists keys by workspace");
    keys.listByWorkspace = async (workspaceId) => {
      const listed = await read(workspaceId);
      created ??= await createRacingKey(test, account, personalId);
      return listed;
    };
    expect(codeOf(await deleteAccount(test, account))).toBe("ok");
    expect(codeOf(created as { ok: boolean })).toBe("ok");
    expect(await activeKeysIn(test, personalId)).toEqual([]);
  });

  it("revokes, and refuses, a key whose creation checked the membership before the deletion and saved it after", async () => {
    const test = securityCore();
    const { account, personalId } = await withPersonal(test);
    const { keys } = test;
    const save = keys.save.bind(keys);
    keys.save = async (key) => {
      if (key.name === "racing") expect(codeOf(await deleteAccount(test, account))).toBe("ok");
      return save(key);
    };
    expect(codeOf(await createRacingKey(test, account, personalId))).toBe("forbidden");
    const racing = (await test.keys.list()).filter((key) => key.workspaceId === personalId);
    expect(racing.map((key) => [key.name, isActive(key)])).toEqual([["racing", false]]);
  });
});
