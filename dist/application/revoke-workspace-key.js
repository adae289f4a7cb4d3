import { authorizeWorkspace } from "./workspace-access.js";
/** Revokes one of a workspace's keys at once; a key of another workspace looks unknown (not_found). */
export class RevokeWorkspaceKey {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "manage_keys");
        if (!access.ok)
            return access;
        return this.deps.revokeKey.execute({ id: cmd.keyId, workspaceId: cmd.workspaceId });
    }
}
