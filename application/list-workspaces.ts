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
    const entries: WorkspaceEntry[] = [];
    for (const membership of await workspaces.listMemberships(cmd.accountId)) {
      const workspace = await workspaces.findById(membership.workspaceId);
      if (workspace) entries.push({ workspace, role: membership.role });
    }
    return entries.sort((a, b) => byCreation(a.workspace, b.workspace));
  }
}
