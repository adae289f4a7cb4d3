import type { DomainError } from "../domain/errors.ts";
import { ok, type Result } from "../domain/result.ts";
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
    const session = { ...cmd.session, workspaceId: cmd.workspaceId };
    await this.deps.sessions.save(session, sessionExpiresAt(session, this.deps.sessionPolicy));
    return ok(access.value.workspace);
  }
}
