import { type DomainError, forbidden, notFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { isAllowed, type Membership, type Workspace, type WorkspaceAction } from "../domain/workspace.ts";
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
export async function authorizeWorkspace(
  workspaces: WorkspaceStore,
  accountId: string,
  workspaceId: string,
  action: WorkspaceAction,
): Promise<Result<WorkspaceAccess, DomainError>> {
  const workspace = await workspaces.findById(workspaceId);
  if (!workspace) return err(notFound(`No workspace has the id '${workspaceId}'.`));
  const membership = await workspaces.findMembership(workspaceId, accountId);
  if (!membership) return err(forbidden("You are not a member of this workspace."));
  if (!isAllowed(membership.role, action)) return err(forbidden(`Your role (${membership.role}) does not allow this.`));
  return ok({ workspace, membership });
}
