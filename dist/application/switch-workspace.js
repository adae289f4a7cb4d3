import { ok } from "../domain/result.js";
import { sessionExpiresAt } from "../domain/session.js";
import { authorizeWorkspace } from "./workspace-access.js";
/** Makes another of the account's workspaces the session's current one. */
export class SwitchWorkspace {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const access = await authorizeWorkspace(this.deps.workspaces, cmd.session.accountId, cmd.workspaceId, "read");
        if (!access.ok)
            return access;
        const session = { ...cmd.session, workspaceId: cmd.workspaceId };
        await this.deps.sessions.save(session, sessionExpiresAt(session, this.deps.sessionPolicy));
        return ok(access.value.workspace);
    }
}
