import { clientOnlyTool, type DomainError, invalidInput, toolNotFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
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
export class ExecuteTool {
  constructor(private readonly deps: { tools: ToolCatalog; schemas: SchemaValidator; runner: ToolRunner }) {}

  async execute(cmd: ExecuteToolCommand): Promise<Result<ExecuteToolOutput, DomainError>> {
    const { tools, schemas, runner } = this.deps;
    const tool = tools.find(cmd.toolId);
    if (!tool) return err(toolNotFound(cmd.toolId));
    if (tool.clientOnly) return err(clientOnlyTool(tool.id));
    const issues = schemas.validateInput(tool, cmd.input);
    if (issues.length > 0) return err(invalidInput(issues));
    const result = await runner.run(tool, cmd.input);
    return result.ok ? ok({ toolId: tool.id, output: result.value }) : result;
  }
}
