import type { AnyTool, ToolDefinition } from "../../domain/tool.ts";
/** Every server tool, in catalog order within each category. */
export declare const serverTools: readonly ToolDefinition[];
/** The whole catalog: server tools, then the client-only ones. */
export declare const tools: readonly AnyTool[];
