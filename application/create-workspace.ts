import { conflict, type DomainError, invalidInput } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { checkWorkspaceName, MAX_WORKSPACES_PER_ACCOUNT, type Workspace } from "../domain/workspace.ts";
import type { Clock, SecretSource, WorkspaceStore } from "./ports.ts";
import { newId } from "./random-ids.ts";

export interface CreateWorkspaceCommand {
  readonly accountId: string;
  readonly name: unknown;
}

/** Creates a shared (non-personal) workspace with the caller as its owner, up to MAX_WORKSPACES_PER_ACCOUNT. */
export class CreateWorkspace {
  constructor(private readonly deps: { workspaces: WorkspaceStore; secrets: SecretSource; clock: Clock }) {}

  async execute(cmd: CreateWorkspaceCommand): Promise<Result<Workspace, DomainError>> {
    const name = checkWorkspaceName(cmd.name);
    if (!name.ok) return err(invalidInput([name.error]));
    const now = this.deps.clock.now();
    const workspace: Workspace = { id: newId(this.deps.secrets, "ws"), name: name.value, personal: false, createdBy: cmd.accountId, createdAt: now };
    // The membership goes first: a workspace is never visible without its owner. The store checks the cap in the
    // same atomic step as the write, so concurrent creations (on any instance) never pass it together.
    const membership = { workspaceId: workspace.id, accountId: cmd.accountId, role: "owner" as const, createdAt: now };
    if (!(await this.deps.workspaces.saveMembership(membership, { maxPerAccount: MAX_WORKSPACES_PER_ACCOUNT }))) {
      return err(conflict(`An account can belong to at most ${MAX_WORKSPACES_PER_ACCOUNT} workspaces.`));
    }
    await this.deps.workspaces.save(workspace);
    return ok(workspace);
  }
}
