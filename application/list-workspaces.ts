import { byCreation, type Role, type Workspace } from "../domain/workspace.ts";
import type { WorkspaceStore } from "./ports.ts";

export interface ListWorkspacesCommand {
  readonly accountId: string;
}

/** One of the account's workspaces and its role there. */
export interface WorkspaceEntry {
  readonly workspace: Workspace;
  readonly role: Role;
}

/** The workspaces an account belongs to, oldest first (the personal one leads). */
export class ListWorkspaces {
  constructor(private readonly deps: { workspaces: WorkspaceStore }) {}

  async execute(cmd: ListWorkspacesCommand): Promise<readonly WorkspaceEntry[]> {
    const { workspaces } = this.deps;
    // At most MAX_WORKSPACES_PER_ACCOUNT lookups, sent together rather than one round trip after another.
    const memberships = await workspaces.listMemberships(cmd.accountId);
    const found = await Promise.all(memberships.map(async (membership) => ({ membership, workspace: await workspaces.findById(membership.workspaceId) })));
    const entries = found.flatMap(({ membership, workspace }) => (workspace ? [{ workspace, role: membership.role }] : []));
    // Created in the same millisecond: the personal workspace still leads.
    return entries.sort((a, b) => byCreation(a.workspace, b.workspace) || Number(b.workspace.personal) - Number(a.workspace.personal));
  }
}
