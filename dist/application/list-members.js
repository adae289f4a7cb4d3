import { ok } from "../domain/result.js";
import { authorizeWorkspace } from "./workspace-access.js";
/** The members of a workspace, oldest first; only its members may list them. */
export class ListMembers {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "read");
        if (!access.ok)
            return access;
        const members = [];
        for (const membership of await this.deps.workspaces.listMembers(cmd.workspaceId)) {
            const account = await this.deps.accounts.findById(membership.accountId);
            if (account)
                members.push({ accountId: account.id, email: account.email, role: membership.role });
        }
        return ok(members);
    }
}
