import { type DomainError, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { checkWorkspaceName, type Workspace } from "../domain/workspace.ts";
import type { WorkspaceStore } from "./ports.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

export interface RenameWorkspaceCommand {
  readonly accountId: string;
  readonly workspaceId: string;
  readonly name: unknown;
}

/** Renames a workspace; only its owners and admins may. */
export class RenameWorkspace {
  constructor(private readonly deps: { workspaces: WorkspaceStore }) {}

  async execute(cmd: RenameWorkspaceCommand): Promise<Result<Workspace, DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "rename");
    if (!access.ok) return access;
    const name = checkWorkspaceName(cmd.name);
    if (!name.ok) return err(invalidInput([name.error]));
    const renamed = { ...access.value.workspace, name: name.value };
    await this.deps.workspaces.save(renamed);
    return ok(renamed);
  }
}
