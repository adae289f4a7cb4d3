import { type DomainError } from "../../../domain/errors.ts";
import { type Result } from "../../../domain/result.ts";
import type { ToolDefinition } from "../../../domain/tool.ts";
/** Test helper: validates `input` against the tool's schema (applying defaults) the way the API does, then runs it. */
export declare function runTool<I, O>(tool: ToolDefinition<I, O>, input: Record<string, unknown>): Promise<Result<O, DomainError>>;
/** Test helper: the value of a successful run; throws with the error otherwise. */
export declare function runToolOk<I, O>(tool: ToolDefinition<I, O>, input: Record<string, unknown>): Promise<O>;
/** Test helper: the message of a refused run; throws if the run succeeded. */
export declare function runToolError<I, O>(tool: ToolDefinition<I, O>, input: Record<string, unknown>): Promise<DomainError>;
