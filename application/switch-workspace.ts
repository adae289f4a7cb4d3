import { type DomainError, signInRequired } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { type Session, type SessionPolicy, sessionExpiresAt } from "../domain/session.ts";
import type { Workspace } from "../domain/workspace.ts";
import type { SessionStore, WorkspaceStore } from "./ports.ts";
import { authorizeWorkspace } from "./workspace-access.ts";

export interface SwitchWorkspaceCommand {
  readonly session: Session;
  readonly workspaceId: string;
}

/** Makes another of the account's workspaces the session's current one. */
export class SwitchWorkspace {
  constructor(private readonly deps: { sessions: SessionStore; workspaces: WorkspaceStore; sessionPolicy: SessionPolicy }) {}

  async execute(cmd: SwitchWorkspaceCommand): Promise<Result<Workspace, DomainError>> {
    const access = await authorizeWorkspace(this.deps.workspaces, cmd.session.accountId, cmd.workspaceId, "read");
    if (!access.ok) return access;
    const moved = await this.deps.sessions.update(cmd.session.id, (current) => ({ ...current, workspaceId: cmd.workspaceId }),
      (session) => sessionExpiresAt(session, this.deps.sessionPolicy));
    // Ended by another request meanwhile (a sign-out, a revocation): never written back.
    if (!moved) return err(signInRequired());
    return ok(access.value.workspace);
  }
}
