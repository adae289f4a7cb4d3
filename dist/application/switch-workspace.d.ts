import type { DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import { type Session, type SessionPolicy } from "../domain/session.ts";
import type { Workspace } from "../domain/workspace.ts";
import type { SessionStore, WorkspaceStore } from "./ports.ts";
export interface SwitchWorkspaceCommand {
    readonly session: Session;
    readonly workspaceId: string;
}
/** Makes another of the account's workspaces the session's current one. */
export declare class SwitchWorkspace {
    private readonly deps;
    constructor(deps: {
        sessions: SessionStore;
        workspaces: WorkspaceStore;
        sessionPolicy: SessionPolicy;
    });
    execute(cmd: SwitchWorkspaceCommand): Promise<Result<Workspace, DomainError>>;
}
