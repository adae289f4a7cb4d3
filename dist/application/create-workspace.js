import { invalidInput } from "../domain/errors.js";
import { err, ok } from "../domain/result.js";
import { checkWorkspaceName } from "../domain/workspace.js";
import { newId } from "./random-ids.js";
/** Creates a shared (non-personal) workspace with the caller as its owner. */
export class CreateWorkspace {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd) {
        const name = checkWorkspaceName(cmd.name);
        if (!name.ok)
            return err(invalidInput([name.error]));
        const now = this.deps.clock.now();
        const workspace = { id: newId(this.deps.secrets, "ws"), name: name.value, personal: false, createdBy: cmd.accountId, createdAt: now };
        // The membership goes first: a workspace is never visible without its owner.
        await this.deps.workspaces.saveMembership({ workspaceId: workspace.id, accountId: cmd.accountId, role: "owner", createdAt: now });
        await this.deps.workspaces.save(workspace);
        return ok(workspace);
    }
}
