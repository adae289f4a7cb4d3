import type { ApiKeySummary } from "../domain/api-key.ts";
import type { DomainError } from "../domain/errors.ts";
import type { Result } from "../domain/result.ts";
import type { WorkspaceStore } from "./ports.ts";
import type { RevokeKey } from "./revoke-key.ts";
export interface RevokeWorkspaceKeyCommand {
    readonly accountId: string;
    readonly workspaceId: string;
    readonly keyId: string;
}
/** Revokes one of a workspace's keys at once; a key of another workspace looks unknown (not_found). */
export declare class RevokeWorkspaceKey {
    private readonly deps;
    constructor(deps: {
        workspaces: WorkspaceStore;
        revokeKey: RevokeKey;
    });
    execute(cmd: RevokeWorkspaceKeyCommand): Promise<Result<ApiKeySummary, DomainError>>;
}
