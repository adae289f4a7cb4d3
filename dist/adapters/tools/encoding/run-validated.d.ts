import type { DomainError, InputIssue } from "../../../domain/errors.ts";
import type { Result } from "../../../domain/result.ts";
import type { ToolDefinition } from "../../../domain/tool.ts";
type Outcome = {
    schemaIssues: readonly InputIssue[];
} | {
    result: Result<Record<string, unknown>, DomainError>;
};
/** Test helper: validates `input` against the tool's schema (applying defaults), then runs the tool. */
export declare function runValidated(tool: ToolDefinition, input: Record<string, unknown>): Promise<Outcome>;
/** Test helper: the output of a run that must succeed. */
export declare function runOk(tool: ToolDefinition, input: Record<string, unknown>): Promise<Record<string, unknown>>;
/** Test helper: "schema" when ajv refuses the input, "tool" when run returns a domain error, "ok" otherwise. */
export declare function refusalOf(tool: ToolDefinition, input: Record<string, unknown>): Promise<"schema" | "tool" | "ok">;
export {};
