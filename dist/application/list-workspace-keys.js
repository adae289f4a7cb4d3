import { ok } from "../domain/result.js";
import { authorizeWorkspace } from "./workspace-access.js";
/** A workspace's keys (revoked ones included, never secrets), for its members only. */
export class ListWorkspaceKeys {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "read");
        if (!access.ok)
            return access;
        return ok(await this.deps.listKeys.execute({ workspaceId: cmd.workspaceId }));
    }
}
