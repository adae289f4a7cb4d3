import type { ToolRunner } from "../../application/ports.ts";
import type { DomainError } from "../../domain/errors.ts";
import type { Result } from "../../domain/result.ts";
import type { ToolContext, ToolDefinition } from "../../domain/tool.ts";
/** Runs every tool on the calling thread; what the worker pool falls back to for light tools. */
export declare class InlineToolRunner implements ToolRunner {
    private readonly context;
    constructor(context?: ToolContext);
    run(tool: ToolDefinition, input: Record<string, unknown>): Promise<Result<unknown, DomainError>>;
}
