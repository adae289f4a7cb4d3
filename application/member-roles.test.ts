import { describe, expect, it } from "vitest";
import type { DomainError } from "../domain/errors.ts";
import type { Result } from "../domain/result.ts";
import { createTeam, type Person, type Team } from "../adapters/testing/members.ts";

type Outcome = Result<unknown, DomainError>;
type Action = (team: Team, actor: Person) => Promise<Outcome>;

/** Runs each step in order; the first refusal is the outcome. */
async function all(...steps: (() => Promise<Outcome>)[]): Promise<Outcome> {
  for (const step of steps) {
    const outcome = await step();
    if (!outcome.ok) return outcome;
  }
  return { ok: true, value: undefined };
}

async function keyOf(team: Team, creator: Person): Promise<string> {
  const created = await team.deps.createWorkspaceKey.execute({ accountId: creator.accountId, workspaceId: team.workspaceId, name: `key of ${creator.email}`, env: "development" });
  if (!created.ok) throw new Error(created.error.message);
  return created.value.key.id;
}

/** Rotate, edit and revoke one key as `actor`. */
const changeKey = (team: Team, actor: Person, keyId: string) => {
  const at = { accountId: actor.accountId, workspaceId: team.workspaceId, keyId };
  return all(
    () => team.deps.workspaceKeyChanges.rotate({ ...at, graceSeconds: 0 }),
    () => team.deps.workspaceKeyChanges.update({ ...at, name: "renamed", limit: 5 }),
    () => team.deps.revokeWorkspaceKey.execute(at),
  );
};

const at = (team: Team, actor: Person) => ({ accountId: actor.accountId, workspaceId: team.workspaceId });

// shared/contract.md, "Members and invitations": each row of the role × action table, as the use cases run it.
const ACTIONS: Record<string, Action> = {
  "see the workspace, its keys, usage, audit, packs and members": (team, actor) => all(
    () => team.deps.listWorkspaceKeys.execute(at(team, actor)),
    () => team.deps.workspaceUsage.execute(at(team, actor)),
    () => team.deps.listAudit.execute(at(team, actor)),
    () => team.deps.listWorkspacePacks.execute(at(team, actor)),
    () => team.deps.listMembers.execute(at(team, actor)),
    () => team.deps.listInvitations.execute(at(team, actor)),
  ),
  "create a key": (team, actor) => team.deps.createWorkspaceKey.execute({ ...at(team, actor), name: "mine", env: "development" }),
  "rotate, edit, revoke a key it created": async (team, actor) => changeKey(team, actor, await keyOf(team, actor)),
  "rotate, edit, revoke any key": async (team, actor) => changeKey(team, actor, await keyOf(team, team.spareMember)),
  "enable or disable packs": (team, actor) => all(
    () => team.deps.enableWorkspacePack.execute({ ...at(team, actor), packId: "example" }),
    () => team.deps.disableWorkspacePack.execute({ ...at(team, actor), packId: "example" }),
  ),
  "rename the workspace": (team, actor) => team.deps.renameWorkspace.execute({ ...at(team, actor), name: "Renamed" }),
  "invite an admin or a member": (team, actor) => all(
    () => team.deps.inviteMember.execute({ ...at(team, actor), email: "new-admin@example.com", role: "admin" }),
    () => team.deps.inviteMember.execute({ ...at(team, actor), email: "new-member@example.com", role: "member" }),
  ),
  "revoke an invitation": async (team, actor) => {
    const invited = await team.deps.inviteMember.execute({ ...at(team, team.owner), email: "someone@example.com", role: "member" });
    if (!invited.ok) throw new Error(invited.error.message);
    return team.deps.revokeInvitation.execute({ ...at(team, actor), invitationId: invited.value.invitation.id });
  },
  "remove a member": (team, actor) => team.deps.removeMember.execute({ ...at(team, actor), memberAccountId: team.spareMember.accountId }),
  "remove an admin": (team, actor) => team.deps.removeMember.execute({ ...at(team, actor), memberAccountId: team.spareAdmin.accountId }),
  "invite an owner": (team, actor) => team.deps.inviteMember.execute({ ...at(team, actor), email: "new-owner@example.com", role: "owner" }),
  "change any role": (team, actor) => team.deps.changeMemberRole.execute({ ...at(team, actor), memberAccountId: team.spareMember.accountId, role: "admin" }),
  "remove an owner": (team, actor) => team.deps.removeMember.execute({ ...at(team, actor), memberAccountId: team.owner2.accountId }),
  "leave the workspace": (team, actor) => team.deps.removeMember.execute({ ...at(team, actor), memberAccountId: actor.accountId }),
};

// ✔ / – exactly as the contract's table; "leave" for an owner: the team has a second owner.
const TABLE: [action: string, owner: boolean, admin: boolean, member: boolean][] = [
  ["see the workspace, its keys, usage, audit, packs and members", true, true, true],
  ["create a key", true, true, true],
  ["rotate, edit, revoke a key it created", true, true, true],
  ["rotate, edit, revoke any key", true, true, false],
  ["enable or disable packs", true, true, false],
  ["rename the workspace", true, true, false],
  ["invite an admin or a member", true, true, false],
  ["revoke an invitation", true, true, false],
  ["remove a member", true, true, false],
  ["remove an admin", true, true, false],
  ["invite an owner", true, false, false],
  ["change any role", true, false, false],
  ["remove an owner", true, false, false],
  ["leave the workspace", true, true, true],
];
const CASES = TABLE.flatMap(([action, ...allowed]) => (["owner", "admin", "member"] as const).map((role, i) => [action, role, allowed[i]] as const));

describe("the role × action table", () => {
  it.each(CASES)("%s: %s allowed = %s", async (action, role, allowed) => {
    const team = await createTeam();
    const outcome = await ACTIONS[action](team, team[role]);
    if (allowed) expect(outcome).toMatchObject({ ok: true });
    else expect(outcome).toMatchObject({ ok: false, error: { code: "forbidden" } });
  });

  it("keeps a member's key with a missing creator (made before createdBy was recorded) out of the member's reach", async () => {
    const team = await createTeam();
    const key = await team.core.keys.create({ name: "old" });
    await team.core.services.storage.keys.update(key.id, (current) => ({ ...current, workspaceId: team.workspaceId }));
    expect(await changeKey(team, team.member, key.id)).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await changeKey(team, team.admin, key.id)).toMatchObject({ ok: true });
  });

  it("leaves a refused change undone: the target keeps its place and role", async () => {
    const team = await createTeam();
    await ACTIONS["remove an owner"](team, team.admin);
    await ACTIONS["change any role"](team, team.admin);
    const members = await team.deps.listMembers.execute(at(team, team.owner));
    const roles = new Map(members.ok ? members.value.map((m) => [m.email, m.role] as const) : []);
    expect(roles.get("owner2@example.com")).toBe("owner");
    expect(roles.get("spare-member@example.com")).toBe("member");
  });
});
