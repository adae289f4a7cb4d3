import type { ToolCatalog } from "../../application/ports.ts";
import type { AnyTool, ToolDefinition } from "../../domain/tool.ts";
/** The catalog as a fixed list, indexed by id. */
export declare class StaticToolCatalog implements ToolCatalog {
    private readonly tools;
    private readonly byId;
    constructor(tools: readonly AnyTool[]);
    find(id: string): AnyTool | undefined;
    list(): readonly AnyTool[];
    /** The tools the server executes. */
    serverTools(): readonly ToolDefinition[];
}
