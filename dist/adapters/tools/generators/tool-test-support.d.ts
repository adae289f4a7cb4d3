import type { DomainError } from "../../../domain/errors.ts";
import type { ToolContext, ToolDefinition } from "../../../domain/tool.ts";
/** A context with a fixed clock (2026-01-01T00:00:00Z unless given) and real random bytes; for tests. */
export declare function toTestContext(nowMs?: number): ToolContext;
type Outcome = {
    kind: "schema";
} | {
    kind: "tool";
    error: DomainError;
} | {
    kind: "ok";
    output: any;
};
/** Validates like the API does (defaults applied), then runs the tool; for colocated tool tests only. */
export declare function runTool(tool: ToolDefinition, input: Record<string, unknown>, context?: ToolContext): Promise<Outcome>;
/** The output of a run that must succeed. */
export declare function outputOf(tool: ToolDefinition, input: Record<string, unknown>, context?: ToolContext): Promise<any>;
/** Who refused an input: the schema (a 400-class answer), the tool (422 invalid_input) or nobody ("ok"). */
export declare function refusalOf(tool: ToolDefinition, input: Record<string, unknown>): Promise<"schema" | "tool" | "ok">;
export {};
