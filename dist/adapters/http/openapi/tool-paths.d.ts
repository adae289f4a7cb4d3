import type { AnyTool, ToolDefinition } from "../../../domain/tool.ts";
import { type OpenApiSchema } from "./json-schema-to-openapi.ts";
/** "hash-text" → "HashText": the stem of a tool's component and operation names. */
export declare function toPascalCase(id: string): string;
/** Per server tool: its input and output (converted to OpenAPI 3.0), the request body and the success envelope. */
export declare function toolSchemas(tools: readonly ToolDefinition[]): Record<string, OpenApiSchema>;
/** The generic execute route, its alias, and one concrete path per server tool (typed input and output). */
export declare function executePaths(tools: readonly AnyTool[]): Record<string, unknown>;
/** One tag per tool category, for the concrete execute paths. */
export declare function categoryTags(tools: readonly AnyTool[]): {
    name: string;
    description: string;
}[];
