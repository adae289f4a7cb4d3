import { type DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import type { SchemaValidator, ToolCatalog, ToolRunner } from "./ports.ts";
export interface ExecuteToolCommand {
    readonly toolId: string;
    /** The request's `input` object; defaults are applied to it in place. */
    readonly input: Record<string, unknown>;
}
export interface ExecuteToolOutput {
    readonly toolId: string;
    readonly output: unknown;
}
/** Runs one server tool on validated input. Authentication and rate limiting happen before, in their own use cases. */
export declare class ExecuteTool {
    private readonly deps;
    constructor(deps: {
        tools: ToolCatalog;
        schemas: SchemaValidator;
        runner: ToolRunner;
    });
    execute(cmd: ExecuteToolCommand): Promise<Result<ExecuteToolOutput, DomainError>>;
}
