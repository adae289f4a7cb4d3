import type { DomainError } from "../domain/errors.ts";
import type { Result } from "../domain/result.ts";
import type { CreateKey, CreateKeyOutput } from "./create-key.ts";
import type { WorkspaceStore } from "./ports.ts";
export interface CreateWorkspaceKeyCommand {
    readonly accountId: string;
    readonly workspaceId: string;
    readonly name: string;
    readonly env: string;
    readonly limit?: number;
    readonly windowSeconds?: number;
}
/** Mints a key in a workspace through the same CreateKey use case as the CLI; members only. */
export declare class CreateWorkspaceKey {
    private readonly deps;
    constructor(deps: {
        workspaces: WorkspaceStore;
        createKey: CreateKey;
    });
    execute(cmd: CreateWorkspaceKeyCommand): Promise<Result<CreateKeyOutput, DomainError>>;
}
