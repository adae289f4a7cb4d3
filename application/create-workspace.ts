import { type DomainError, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { checkWorkspaceName, type Workspace } from "../domain/workspace.ts";
import type { Clock, SecretSource, WorkspaceStore } from "./ports.ts";
import { newId } from "./random-ids.ts";

export interface CreateWorkspaceCommand {
  readonly accountId: string;
  readonly name: unknown;
}

/** Creates a shared (non-personal) workspace with the caller as its owner. */
export class CreateWorkspace {
  constructor(private readonly deps: { workspaces: WorkspaceStore; secrets: SecretSource; clock: Clock }) {}

  async execute(cmd: CreateWorkspaceCommand): Promise<Result<Workspace, DomainError>> {
    const name = checkWorkspaceName(cmd.name);
    if (!name.ok) return err(invalidInput([name.error]));
    const now = this.deps.clock.now();
    const workspace: Workspace = { id: newId(this.deps.secrets, "ws"), name: name.value, personal: false, createdBy: cmd.accountId, createdAt: now };
    // The membership goes first: a workspace is never visible without its owner.
    await this.deps.workspaces.saveMembership({ workspaceId: workspace.id, accountId: cmd.accountId, role: "owner", createdAt: now });
    await this.deps.workspaces.save(workspace);
    return ok(workspace);
  }
}
