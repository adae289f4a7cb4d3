import { toKeySummary } from "../domain/api-key.js";
/** Lists keys, oldest first, never with secrets. */
export class ListKeys {
    deps;
    constructor(deps) {
        this.deps = deps;
    }
    async execute(cmd = {}) {
        const all = await this.deps.keys.list();
        return all
            .filter((key) => cmd.workspaceId === undefined || key.workspaceId === cmd.workspaceId)
            .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
            .map(toKeySummary);
    }
}
