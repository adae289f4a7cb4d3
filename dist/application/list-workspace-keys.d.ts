import type { ApiKeySummary } from "../domain/api-key.ts";
import type { DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import type { ListKeys } from "./list-keys.ts";
import type { WorkspaceStore } from "./ports.ts";
export interface ListWorkspaceKeysCommand {
    readonly accountId: string;
    readonly workspaceId: string;
}
/** A workspace's keys (revoked ones included, never secrets), for its members only. */
export declare class ListWorkspaceKeys {
    private readonly deps;
    constructor(deps: {
        workspaces: WorkspaceStore;
        listKeys: ListKeys;
    });
    execute(cmd: ListWorkspaceKeysCommand): Promise<Result<readonly ApiKeySummary[], DomainError>>;
}
