import type { Operation } from "./operation.ts";
import type { AnyTool, ToolDefinition } from "../../../domain/tool.ts";
import { type OpenApiSchema } from "./json-schema-to-openapi.ts";
/** "hash-text" → "HashText": the stem of a tool's component and operation names. */
export declare function toPascalCase(id: string): string;
/** Per server tool: its input and output (converted to OpenAPI 3.0), the request body and the success envelope. */
export declare function toolSchemas(tools: readonly ToolDefinition[]): Record<string, OpenApiSchema>;
/** The generic execute operation and its alias (their paths come from the route list). */
export declare function executeOperations(tools: readonly AnyTool[]): Operation[];
/**
 * One concrete path per server tool, with its typed input and output: documentation of the values the route
 * `POST /execute/{tool}` takes (they are served by that one route), so clients and generators get exact types.
 */
export declare function concreteExecutePaths(tools: readonly AnyTool[]): Record<string, unknown>;
/** One tag per tool category, for the concrete execute paths. */
export declare function categoryTags(tools: readonly AnyTool[]): {
    name: string;
    description: string;
}[];
