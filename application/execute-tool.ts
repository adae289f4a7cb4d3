import { allowsTool, type ApiKey } from "../domain/api-key.ts";
import { clientOnlyTool, type DomainError, forbiddenTool, invalidInput, toolNotFound } from "../domain/errors.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { CallerSignal, SchemaValidator, ToolCatalog, ToolRunner } from "./ports.ts";

export interface ExecuteToolCommand {
  readonly toolId: string;
  /** The request's `input` object; defaults are applied to it in place. */
  readonly input: Record<string, unknown>;
  /** The calling key: a scoped key may run only the tools its scope names (403 forbidden_tool otherwise). */
  readonly key?: Pick<ApiKey, "scopes">;
  /** Whether the caller has left (ToolRunner.run): a task that has not started yet is then dropped. */
  readonly signal?: CallerSignal;
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
    if (cmd.key && !allowsTool(cmd.key, tool)) return err(forbiddenTool(tool.id));
    if (tool.clientOnly) return err(clientOnlyTool(tool.id));
    const issues = schemas.validateInput(tool, cmd.input);
    if (issues.length > 0) return err(invalidInput(issues));
    const result = await runner.run(tool, cmd.input, cmd.signal);
    return result.ok ? ok({ toolId: tool.id, output: result.value }) : result;
  }
}
