import type { InputIssue } from "../../../domain/errors.ts";
import type { ToolDefinition } from "../../../domain/tool.ts";
/** Thrown by `runTool` when the schema refuses the input, so tests can assert a 400-class refusal. */
export declare class SchemaRefusal extends Error {
    readonly issues: readonly InputIssue[];
    constructor(issues: readonly InputIssue[]);
}
/** Validates like the API does (defaults applied), then runs the tool; for colocated tool tests only. */
export declare function runTool(tool: ToolDefinition, input: Record<string, unknown>): Promise<import("../../../index.ts").Result<any, import("../../../domain/errors.ts").DomainError>>;
/**
 * The output of a run that must succeed. Typed loosely on purpose: tests probe members of union outputs
 * (svg or pngBase64) that the output schema already checks.
 */
export declare function outputOf(tool: ToolDefinition, input: Record<string, unknown>): Promise<Record<string, any>>;
/** The error code of a run that must be refused by the tool itself (a 422). */
export declare function refusalOf(tool: ToolDefinition, input: Record<string, unknown>): Promise<string>;
