import { type DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import { type Membership, type Workspace, type WorkspaceAction } from "../domain/workspace.ts";
import type { WorkspaceStore } from "./ports.ts";
/** A workspace together with the caller's membership in it. */
export interface WorkspaceAccess {
    readonly workspace: Workspace;
    readonly membership: Membership;
}
/**
 * The one access rule for workspaces: an unknown id is not_found; a workspace the account is not a member of is
 * forbidden (and nothing of it is returned); a member whose role does not allow `action` is forbidden.
 */
export declare function authorizeWorkspace(workspaces: WorkspaceStore, accountId: string, workspaceId: string, action: WorkspaceAction): Promise<Result<WorkspaceAccess, DomainError>>;
