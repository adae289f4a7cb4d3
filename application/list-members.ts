import type { DomainError } from "../domain/errors.ts";
import { ok, type Result } from "../domain/result.ts";
import type { Membership, Role } from "../domain/workspace.ts";
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
  /** ISO 8601: when the membership began (creation of the workspace, or the accepted invitation). */
  readonly joinedAt: string;
  /** Whether the member proved its address (a verification or password reset link). */
  readonly emailVerified: boolean;
}

/** The views of `memberships`, in the same order; one whose account is gone is left out. */
export async function toMemberViews(accounts: AccountStore, memberships: readonly Membership[]): Promise<MemberView[]> {
  // One lookup per member, sent together rather than one round trip after another.
  const found = await Promise.all(memberships.map(async (m) => ({ m, account: await accounts.findById(m.accountId) })));
  return found.flatMap(({ m, account }): MemberView[] =>
    account ? [{ accountId: account.id, email: account.email, role: m.role, joinedAt: new Date(m.createdAt).toISOString(), emailVerified: account.emailVerified === true }] : []);
}

/** The members of a workspace, oldest first; only its members may list them. */
export class ListMembers {
  constructor(private readonly deps: { workspaces: WorkspaceStore; accounts: AccountStore }) {}

  async execute(cmd: ListMembersCommand): Promise<Result<readonly MemberView[], DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    return ok(await toMemberViews(this.deps.accounts, await this.deps.workspaces.listMembers(cmd.workspaceId)));
  }
}
