import { byCreation } from "../domain/workspace.js";
/** The workspaces an account belongs to, oldest first (the personal one leads). */
export class ListWorkspaces {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const { workspaces } = this.deps;
        const entries = [];
        for (const membership of await workspaces.listMemberships(cmd.accountId)) {
            const workspace = await workspaces.findById(membership.workspaceId);
            if (workspace)
                entries.push({ workspace, role: membership.role });
        }
        return entries.sort((a, b) => byCreation(a.workspace, b.workspace));
    }
}
