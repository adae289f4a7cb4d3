import { hashSessionToken, sessionExpiresAt } from "../domain/session.js";
import { byCreation, PERSONAL_WORKSPACE_NAME } from "../domain/workspace.js";
import { newId, newToken } from "./random-ids.js";
/** Starts a new session (never reuses one: a sign-in always rotates the token). */
export async function openSession(deps, accountId, workspaceId) {
    const token = newToken(deps.secrets);
    const now = deps.clock.now();
    const session = {
        id: hashSessionToken(token),
        accountId,
        workspaceId,
        csrfToken: newToken(deps.secrets),
        createdAt: now,
        lastSeenAt: now,
    };
    const expiresAt = sessionExpiresAt(session, deps.sessionPolicy);
    await deps.sessions.save(session, expiresAt);
    return { token, session, expiresAt };
}
/**
 * The account's personal workspace, created (with an owner membership) when it has none yet: at sign-up, and
 * as a repair should sign-up have stopped between writing the account and its workspace.
 */
export async function ensurePersonalWorkspace(deps, account) {
    const memberships = [...(await deps.workspaces.listMemberships(account.id))].sort(byCreation);
    for (const membership of memberships) {
        const workspace = await deps.workspaces.findById(membership.workspaceId);
        if (workspace?.personal && workspace.createdBy === account.id)
            return workspace;
    }
    const now = deps.clock.now();
    const workspace = { id: newId(deps.secrets, "ws"), name: PERSONAL_WORKSPACE_NAME, personal: true, createdBy: account.id, createdAt: now };
    await deps.workspaces.save(workspace);
    await deps.workspaces.saveMembership({ workspaceId: workspace.id, accountId: account.id, role: "owner", createdAt: now });
    return workspace;
}
