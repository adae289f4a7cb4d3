import type { DomainError, InputIssue } from "../../../domain/errors.ts";
import type { Result } from "../../../domain/result.ts";
import type { ToolContext, ToolDefinition } from "../../../domain/tool.ts";
/** Test context: a fixed clock (2026-01-01) and all-zero "random" bytes, so random paths are reproducible. */
export declare const zeroContext: ToolContext;
export type Outcome = {
    schemaIssues: readonly InputIssue[];
} | {
    result: Result<Record<string, unknown>, DomainError>;
};
/** Test helper: validates `input` against the tool's schema (applying defaults), then runs the tool. */
export declare function runTool(tool: ToolDefinition, input: Record<string, unknown>, context?: ToolContext): Promise<Outcome>;
/** Test helper: the output of a run that must succeed, typed by the caller. */
export declare function runOk<T = Record<string, unknown>>(tool: ToolDefinition, input: Record<string, unknown>, context?: ToolContext): Promise<T>;
/** Test helper: the domain error of a run the tool itself refuses (the schema having accepted the input). */
export declare function runRefused(tool: ToolDefinition, input: Record<string, unknown>, context?: ToolContext): Promise<DomainError>;
/** Test helper: whether the schema refuses the input before the tool runs. */
export declare function isSchemaRefused(tool: ToolDefinition, input: Record<string, unknown>): Promise<boolean>;
