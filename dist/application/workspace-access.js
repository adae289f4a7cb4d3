import { forbidden, notFound } from "../domain/errors.js";
import { err, ok } from "../domain/result.js";
import { isAllowed } from "../domain/workspace.js";
/**
 * The one access rule for workspaces: an unknown id is not_found; a workspace the account is not a member of is
 * forbidden (and nothing of it is returned); a member whose role does not allow `action` is forbidden.
 */
export async function authorizeWorkspace(workspaces, accountId, workspaceId, action) {
    const workspace = await workspaces.findById(workspaceId);
    if (!workspace)
        return err(notFound(`No workspace has the id '${workspaceId}'.`));
    const membership = await workspaces.findMembership(workspaceId, accountId);
    if (!membership)
        return err(forbidden("You are not a member of this workspace."));
    if (!isAllowed(membership.role, action))
        return err(forbidden(`Your role (${membership.role}) does not allow this.`));
    return ok({ workspace, membership });
}
