import { type DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import { type Workspace } from "../domain/workspace.ts";
import type { WorkspaceStore } from "./ports.ts";
export interface RenameWorkspaceCommand {
    readonly accountId: string;
    readonly workspaceId: string;
    readonly name: unknown;
}
/** Renames a workspace; only its owners and admins may. */
export declare class RenameWorkspace {
    private readonly deps;
    constructor(deps: {
        workspaces: WorkspaceStore;
    });
    execute(cmd: RenameWorkspaceCommand): Promise<Result<Workspace, DomainError>>;
}
