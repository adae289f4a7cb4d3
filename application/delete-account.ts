import type { Account } from "../domain/account.ts";
import { isActive } from "../domain/api-key.ts";
import { conflict, type DomainError, invalidInput } from "../domain/errors.ts";
import { leavesNoOwner } from "../domain/membership.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { Membership, Workspace } from "../domain/workspace.ts";
import { journaled } from "./change-journal.ts";
import { checkCurrentPassword, type PasswordCheckDeps, passwordFieldIssues } from "./change-password.ts";
import type { EnsureHeld } from "./ports.ts";

/** DELETE /auth/account. */
export interface DeleteAccountCommand {
  readonly account: Account;
  readonly password: unknown;
  readonly ip: string;
}

/** A workspace the account belongs to, with its membership there. */
interface Belonging {
  readonly workspace: Workspace;
  readonly membership: Membership;
}

const lastOwnerOf = (workspace: Workspace): DomainError => conflict(
  `You are the last owner of the workspace '${workspace.name}': make another member an owner before deleting your account.`,
);

/**
 * Deletes an account, knowing its password. Refused (409) while it is the last owner of a shared workspace: the
 * check and the removal of every shared membership run inside the exclusive sections of all those workspaces at once
 * (taken in id order, so two deletions never wait on each other in a cycle), so of two owners deleting at once one is
 * refused, and a refusal leaves every membership in place. Then its personal workspaces' keys are revoked (before and
 * again after its membership there is removed: a key creation racing the deletion is caught by one sweep or by its
 * own check, see CreateWorkspaceKey), the account deleted (which refuses its sessions on every instance at their next
 * request, and frees the email for a new sign-up), and the session records go as housekeeping.
 */
export class DeleteAccount {
  constructor(private readonly deps: PasswordCheckDeps) {}

  async execute(cmd: DeleteAccountCommand): Promise<Result<{ readonly deleted: true }, DomainError>> {
    const { deps } = this;
    const issues = passwordFieldIssues("/password", cmd.password);
    if (issues.length > 0) return err(invalidInput(issues));
    const checked = await checkCurrentPassword(deps, cmd.account, cmd.password as string, cmd.ip);
    if (!checked.ok) return checked;
    const belongings = await this.belongings(cmd.account.id);
    const shared = belongings.filter(({ workspace }) => !workspace.personal).sort((a, b) => (a.workspace.id < b.workspace.id ? -1 : 1));
    const left = await this.leaveAll(cmd.account, shared);
    if (!left.ok) return left;
    for (const { workspace } of belongings.filter(({ workspace }) => workspace.personal)) {
      const own = workspace.createdBy === cmd.account.id;
      if (own) await this.revokeKeysOf(cmd.account, workspace);
      await deps.workspaces.removeMembership(workspace.id, cmd.account.id);
      // Again: a key saved after the first sweep by a creation that found the membership still there (see
      // CreateWorkspaceKey). The first sweep stays before the removal, so a deletion cut short between the two
      // leaves no key behind that a retry (which no longer finds this workspace) would miss.
      if (own) await this.revokeKeysOf(cmd.account, workspace);
    }
    await deps.accounts.delete(cmd.account.id);
    for (const session of await deps.sessions.listByAccount(cmd.account.id)) await deps.sessions.delete(session.id);
    return ok({ deleted: true });
  }

  private async belongings(accountId: string): Promise<Belonging[]> {
    const found: Belonging[] = [];
    for (const membership of await this.deps.workspaces.listMemberships(accountId)) {
      const workspace = await this.deps.workspaces.findById(membership.workspaceId);
      if (workspace) found.push({ workspace, membership });
    }
    return found;
  }

  /** Leaves every shared workspace, or none: each one's roster is read and changed under all their sections. */
  private async leaveAll(account: Account, shared: readonly Belonging[]): Promise<Result<void, DomainError>> {
    const { workspaces } = this.deps;
    const within = async (index: number, held: readonly EnsureHeld[]): Promise<Result<void, DomainError>> => {
      if (index < shared.length) return workspaces.exclusive(shared[index].workspace.id, (ensureHeld) => within(index + 1, [...held, ensureHeld]));
      const leaving: Belonging[] = [];
      for (const { workspace } of shared) {
        const members = await workspaces.listMembers(workspace.id);
        const mine = members.find((member) => member.accountId === account.id);
        if (!mine) continue;
        if (leavesNoOwner(members, mine, undefined)) return err(lastOwnerOf(workspace));
        leaving.push({ workspace, membership: mine });
      }
      for (const { workspace, membership } of leaving) {
        for (const ensureHeld of held) ensureHeld();
        await this.leave(account, workspace, membership);
      }
      return ok(undefined);
    };
    return within(0, []);
  }

  /** The shared workspace's audit log tells its members who left: the account removed itself. */
  private async leave(account: Account, workspace: Workspace, membership: Membership): Promise<void> {
    const subject = {
      type: "member.removed", actor: { accountId: account.id }, workspaceId: workspace.id,
      memberAccountId: account.id, role: membership.role,
    } as const;
    const check = { kind: "membership", workspaceId: workspace.id, accountId: account.id, role: null } as const;
    await journaled(this.deps, { subjects: [subject], check }, async () => {
      await this.deps.workspaces.removeMembership(workspace.id, account.id);
      return { landed: true, value: undefined };
    });
  }

  /** Every active key of the account's personal workspace, revoked at once (each with its audit event). */
  private async revokeKeysOf(account: Account, workspace: Workspace): Promise<void> {
    const { keys, revokeKey } = this.deps;
    const all = keys.listByWorkspace ? await keys.listByWorkspace(workspace.id) : (await keys.list()).filter((key) => key.workspaceId === workspace.id);
    for (const key of all.filter(isActive)) {
      await revokeKey.execute({ id: key.id, workspaceId: workspace.id, actor: { accountId: account.id } });
    }
  }
}
