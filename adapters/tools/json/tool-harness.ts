import { invalidInput, type DomainError } from "../../../domain/errors.ts";
import { err, type Result } from "../../../domain/result.ts";
import type { ToolContext, ToolDefinition } from "../../../domain/tool.ts";
import { AjvSchemaValidator } from "../ajv-schema-validator.ts";

const validators = new WeakMap<ToolDefinition, AjvSchemaValidator>();
const context: ToolContext = { now: () => Date.UTC(2026, 0, 1), randomBytes: (size) => new Uint8Array(size) };

/** Test helper: validates `input` against the tool's schema (applying defaults) the way the API does, then runs it. */
export async function runTool<I, O>(tool: ToolDefinition<I, O>, input: Record<string, unknown>): Promise<Result<O, DomainError>> {
  const copy = structuredClone(input);
  const definition = tool as ToolDefinition;
  const validator = validators.get(definition) ?? new AjvSchemaValidator([definition]);
  validators.set(definition, validator);
  const issues = validator.validateInput(definition, copy);
  if (issues.length > 0) return err(invalidInput(issues));
  return tool.run(copy as I, context);
}

/** Test helper: the value of a successful run; throws with the error otherwise. */
export async function runToolOk<I, O>(tool: ToolDefinition<I, O>, input: Record<string, unknown>): Promise<O> {
  const result = await runTool(tool, input);
  if (!result.ok) throw new Error(`${tool.id} refused: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** Test helper: the message of a refused run; throws if the run succeeded. */
export async function runToolError<I, O>(tool: ToolDefinition<I, O>, input: Record<string, unknown>): Promise<DomainError> {
  const result = await runTool(tool, input);
  if (result.ok) throw new Error(`${tool.id} accepted: ${JSON.stringify(result.value)}`);
  return result.error;
}
