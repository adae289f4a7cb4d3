import { type Role, type Workspace } from "../domain/workspace.ts";
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
export declare class ListWorkspaces {
    private readonly deps;
    constructor(deps: {
        workspaces: WorkspaceStore;
    });
    execute(cmd: ListWorkspacesCommand): Promise<readonly WorkspaceEntry[]>;
}
