import { type DomainError, forbidden, keyNotFound, notFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import { isAllowed, type Membership, type Workspace, type WorkspaceAction } from "../domain/workspace.ts";
import type { ApiKeyStore, WorkspaceStore } from "./ports.ts";

/** A workspace together with the caller's membership in it. */
export interface WorkspaceAccess {
  readonly workspace: Workspace;
  readonly membership: Membership;
}

/** The refusal of an action the caller's role does not allow (403 forbidden). */
export const roleForbids = (membership: Membership): DomainError => forbidden(`Your role (${membership.role}) does not allow this.`);

/**
 * The one access rule for workspaces: an unknown id is not_found; a workspace the account is not a member of is
 * forbidden (and nothing of it is returned); a member whose role does not allow `action` is forbidden. The membership
 * is read from storage on every call (no cache), so a removal or a demotion applies to the very next request.
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
  if (!isAllowed(membership.role, action)) return err(roleForbids(membership));
  return ok({ workspace, membership });
}

/**
 * Rotating, editing or revoking one key: owners and admins may change any key of the workspace, members only the
 * keys they created (a key without `createdBy`, made before it was recorded or by the CLI, is nobody's). A key of
 * another workspace is not_found, as the key use cases answer.
 */
export async function authorizeKeyChange(
  deps: { readonly workspaces: WorkspaceStore; readonly keys: ApiKeyStore },
  cmd: { readonly accountId: string; readonly workspaceId: string; readonly keyId: string },
): Promise<Result<WorkspaceAccess, DomainError>> {
  const access = await authorizeWorkspace(deps.workspaces, cmd.accountId, cmd.workspaceId, "manage_own_keys");
  if (!access.ok || isAllowed(access.value.membership.role, "manage_any_key")) return access;
  const key = await deps.keys.findById(cmd.keyId);
  if (!key || key.workspaceId !== cmd.workspaceId) return err(keyNotFound(cmd.keyId));
  if (key.createdBy !== cmd.accountId) return err(forbidden("Your role (member) may rotate, edit and revoke only the keys you created."));
  return access;
}
