import { authorizeWorkspace } from "./workspace-access.js";
/** Mints a key in a workspace through the same CreateKey use case as the CLI; members only. */
export class CreateWorkspaceKey {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "manage_keys");
        if (!access.ok)
            return access;
        const { name, env, limit, windowSeconds, workspaceId } = cmd;
        return this.deps.createKey.execute({ name, env, limit, windowSeconds, workspaceId });
    }
}
