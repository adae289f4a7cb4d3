/** The catalog as a fixed list, indexed by id. */
export class StaticToolCatalog {
    tools;
    byId;
    constructor(tools) {
        this.tools = tools;
        const byId = new Map();
        for (const tool of tools) {
            if (byId.has(tool.id))
                throw new Error(`duplicate tool id ${tool.id}`);
            byId.set(tool.id, tool);
        }
        this.byId = byId;
    }
    find(id) {
        return this.byId.get(id);
    }
    list() {
        return this.tools;
    }
    /** The tools the server executes. */
    serverTools() {
        return this.tools.filter((tool) => !tool.clientOnly);
    }
}
