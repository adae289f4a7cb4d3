import { signInRequired } from "../domain/errors.js";
import { err, ok } from "../domain/result.js";
import { hashSessionToken, isSessionLive, sessionExpiresAt, touchSession } from "../domain/session.js";
import { byCreation } from "../domain/workspace.js";
/** Finds the live session a token names, enforcing idle and absolute expiry, and records its use. */
export class ResolveSession {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const { sessions, accounts, clock, sessionPolicy } = this.deps;
        if (!cmd.token)
            return err(signInRequired());
        const found = await sessions.find(hashSessionToken(cmd.token));
        if (!found)
            return err(signInRequired());
        const now = clock.now();
        const account = isSessionLive(found, now, sessionPolicy) ? await accounts.findById(found.accountId) : undefined;
        if (!account) {
            await sessions.delete(found.id);
            return err(signInRequired());
        }
        const current = await this.currentWorkspace(found);
        if (!current)
            return err(signInRequired());
        const session = touchSession({ ...found, workspaceId: current.workspace.id }, now);
        const expiresAt = sessionExpiresAt(session, sessionPolicy);
        if (session !== found)
            await sessions.save(session, expiresAt);
        return ok({ session, account, workspace: current.workspace, role: current.role, expiresAt });
    }
    /** The session's workspace while the account is still a member of it, else its oldest membership. */
    async currentWorkspace(session) {
        const { workspaces } = this.deps;
        const membership = await workspaces.findMembership(session.workspaceId, session.accountId);
        const workspace = membership && (await workspaces.findById(session.workspaceId));
        if (membership && workspace)
            return { workspace, role: membership.role };
        for (const other of [...(await workspaces.listMemberships(session.accountId))].sort(byCreation)) {
            const fallback = await workspaces.findById(other.workspaceId);
            if (fallback)
                return { workspace: fallback, role: other.role };
        }
        return undefined;
    }
}
