import { type DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import { type Workspace } from "../domain/workspace.ts";
import type { Clock, SecretSource, WorkspaceStore } from "./ports.ts";
export interface CreateWorkspaceCommand {
    readonly accountId: string;
    readonly name: unknown;
}
/** Creates a shared (non-personal) workspace with the caller as its owner. */
export declare class CreateWorkspace {
    private readonly deps;
    constructor(deps: {
        workspaces: WorkspaceStore;
        secrets: SecretSource;
        clock: Clock;
    });
    execute(cmd: CreateWorkspaceCommand): Promise<Result<Workspace, DomainError>>;
}
