import type { DomainError } from "../domain/errors.ts";
import { checkRemoval } from "../domain/membership.ts";
import { err, type Result } from "../domain/result.ts";
import type { MemberView } from "./list-members.ts";
import { type MemberDeps, memberView, readRoster, refusalError } from "./member-changes.ts";
import { journaled } from "./change-journal.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

export interface RemoveMemberCommand {
  readonly accountId: string;
  readonly workspaceId: string;
  /** Whom to remove; the caller's own id: leaving. */
  readonly memberAccountId: string;
}

/**
 * DELETE /workspaces/{id}/members/{accountId}: the account loses access with this write, on every instance (access is
 * read from storage per request). The keys it created stay with the workspace. Decided under the workspace's
 * exclusive section, so the last owner can neither leave nor be removed, however requests race.
 */
export class RemoveMember {
  constructor(private readonly deps: MemberDeps) {}

  async execute(cmd: RemoveMemberCommand): Promise<Result<MemberView, DomainError>> {
    const { workspaces, accounts } = this.deps;
    const access = await authorizeWorkspace(workspaces, cmd.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    return workspaces.exclusive(cmd.workspaceId, async (ensureHeld) => {
      const roster = await readRoster(workspaces, cmd.workspaceId, cmd.accountId, cmd.memberAccountId);
      if (!roster.ok) return roster;
      const { members, actor, target } = roster.value;
      const refusal = checkRemoval(actor, target, members);
      if (refusal) return err(refusalError(refusal, actor));
      // Read before the removal: the view keeps the role it had.
      const view = await memberView(accounts, target);
      const subject = {
        type: "member.removed", actor: { accountId: cmd.accountId }, workspaceId: cmd.workspaceId,
        memberAccountId: target.accountId, role: target.role,
      } as const;
      const check = { kind: "membership", workspaceId: cmd.workspaceId, accountId: target.accountId, role: null } as const;
      ensureHeld();
      await journaled(this.deps, { subjects: [subject], check }, async () => {
        await workspaces.removeMembership(cmd.workspaceId, target.accountId);
        return { landed: true, value: undefined };
      });
      return view;
    });
  }
}
