import type { AnyTool } from "../domain/tool.ts";
/** The list view of a tool: GET /tools. */
export declare function toToolSummary(tool: AnyTool): {
    id: string;
    name: string;
    category: string;
    description: string;
    clientOnly: boolean;
    inputSchema: import("../domain/tool.ts").JsonSchema | null;
};
/** The full view of a tool: GET /tools/:tool. */
export declare function toToolDetail(tool: AnyTool): {
    id: string;
    name: string;
    category: string;
    description: string;
    clientOnly: boolean;
    inputSchema: import("../domain/tool.ts").JsonSchema | null;
    outputSchema: null;
    examples: never[];
} | {
    id: string;
    name: string;
    category: string;
    description: string;
    clientOnly: boolean;
    inputSchema: import("../domain/tool.ts").JsonSchema | null;
    outputSchema: import("../domain/tool.ts").JsonSchema;
    examples: {
        title: string;
        input: any;
        output: any;
    }[];
};
