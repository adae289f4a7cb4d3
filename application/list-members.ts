import type { DomainError } from "../domain/errors.ts";
import { ok, type Result } from "../domain/result.ts";
import type { Role } from "../domain/workspace.ts";
import type { AccountStore, WorkspaceStore } from "./ports.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

export interface ListMembersCommand {
  readonly accountId: string;
  readonly workspaceId: string;
}

/** A member as other members see them. */
export interface MemberView {
  readonly accountId: string;
  readonly email: string;
  readonly role: Role;
}

/** The members of a workspace, oldest first; only its members may list them. */
export class ListMembers {
  constructor(private readonly deps: { workspaces: WorkspaceStore; accounts: AccountStore }) {}

  async execute(cmd: ListMembersCommand): Promise<Result<readonly MemberView[], DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    // One lookup per member, sent together rather than one round trip after another.
    const memberships = await this.deps.workspaces.listMembers(cmd.workspaceId);
    const found = await Promise.all(memberships.map(async (m) => ({ role: m.role, account: await this.deps.accounts.findById(m.accountId) })));
    return ok(found.flatMap(({ role, account }): MemberView[] => (account ? [{ accountId: account.id, email: account.email, role }] : [])));
  }
}
