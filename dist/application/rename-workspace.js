import { invalidInput } from "../domain/errors.js";
import { err, ok } from "../domain/result.js";
import { checkWorkspaceName } from "../domain/workspace.js";
import { authorizeWorkspace } from "./workspace-access.js";
/** Renames a workspace; only its owners and admins may. */
export class RenameWorkspace {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const access = await authorizeWorkspace(this.deps.workspaces, cmd.accountId, cmd.workspaceId, "rename");
        if (!access.ok)
            return access;
        const name = checkWorkspaceName(cmd.name);
        if (!name.ok)
            return err(invalidInput([name.error]));
        const renamed = { ...access.value.workspace, name: name.value };
        await this.deps.workspaces.save(renamed);
        return ok(renamed);
    }
}
