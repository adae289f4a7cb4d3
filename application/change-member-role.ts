import type { DomainError } from "../domain/errors.ts";
import { checkRoleChange } from "../domain/membership.ts";
import { err, type Result } from "../domain/result.ts";
import { isAllowed } from "../domain/workspace.ts";
import type { MemberView } from "./list-members.ts";
import { checkRole, type MemberDeps, memberView, readRoster, refusalError } from "./member-changes.ts";
import { journaled } from "./change-journal.ts";
import { authorizeWorkspace, roleForbids } from "./workspace-access.ts";

export interface ChangeMemberRoleCommand {
  readonly accountId: string;
  readonly workspaceId: string;
  readonly memberAccountId: string;
  /** As sent: one of ROLES, else 422. */
  readonly role: unknown;
}

/**
 * PATCH /workspaces/{id}/members/{accountId}: owners change roles (their own too). Decided and written while no other
 * member change of the workspace runs (WorkspaceStore.exclusive), so two owners demoting each other at once can
 * never leave it without an owner: the second sees the first's change and gets 409.
 */
export class ChangeMemberRole {
  constructor(private readonly deps: MemberDeps) {}

  async execute(cmd: ChangeMemberRoleCommand): Promise<Result<MemberView, DomainError>> {
    const { workspaces, accounts } = this.deps;
    const access = await authorizeWorkspace(workspaces, cmd.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    if (!isAllowed(access.value.membership.role, "change_role")) return err(roleForbids(access.value.membership));
    const role = checkRole(cmd.role);
    if (!role.ok) return role;
    return workspaces.exclusive(cmd.workspaceId, async (ensureHeld) => {
      const roster = await readRoster(workspaces, cmd.workspaceId, cmd.accountId, cmd.memberAccountId);
      if (!roster.ok) return roster;
      const { members, actor, target } = roster.value;
      const refusal = checkRoleChange(actor, target, role.value, members);
      if (refusal) return err(refusalError(refusal, actor));
      if (target.role === role.value) return memberView(accounts, target);
      const changed = { ...target, role: role.value };
      const subject = {
        type: "member.role_changed", actor: { accountId: cmd.accountId }, workspaceId: cmd.workspaceId,
        memberAccountId: target.accountId, role: role.value, previousRole: target.role,
      } as const;
      const check = { kind: "membership", workspaceId: cmd.workspaceId, accountId: target.accountId, role: role.value } as const;
      ensureHeld();
      await journaled(this.deps, { subjects: [subject], check }, async () => ({ landed: await workspaces.saveMembership(changed), value: undefined }));
      return memberView(accounts, changed);
    });
  }
}
