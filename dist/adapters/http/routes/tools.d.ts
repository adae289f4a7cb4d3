import { type H3Event } from "h3";
import type { ToolCatalog } from "../../../application/ports.ts";
import type { AnyTool } from "../../../domain/tool.ts";
/** The list view of a tool: GET /tools. */
export declare function toToolSummary(tool: AnyTool): {
    id: string;
    name: string;
    category: string;
    description: string;
    clientOnly: boolean;
    inputSchema: import("../../../domain/tool.ts").JsonSchema | null;
};
/** The full view of a tool: GET /tools/:tool. */
export declare function toToolDetail(tool: AnyTool): {
    id: string;
    name: string;
    category: string;
    description: string;
    clientOnly: boolean;
    inputSchema: import("../../../domain/tool.ts").JsonSchema | null;
    outputSchema: null;
    examples: never[];
} | {
    id: string;
    name: string;
    category: string;
    description: string;
    clientOnly: boolean;
    inputSchema: import("../../../domain/tool.ts").JsonSchema | null;
    outputSchema: import("../../../domain/tool.ts").JsonSchema;
    examples: {
        title: string;
        input: any;
        output: any;
    }[];
};
/** The catalog never changes while the server runs, so both views are serialized once. */
export declare function toolRoutes(catalog: ToolCatalog): {
    list: () => Response;
    one: (event: H3Event) => Response;
};
