import type { InputIssue } from "../../../domain/errors.ts";
import type { ToolContext, ToolDefinition } from "../../../domain/tool.ts";
import { AjvSchemaValidator } from "../ajv-schema-validator.ts";

const context: ToolContext = {
  now: () => Date.UTC(2026, 0, 1),
  randomBytes: (size) => crypto.getRandomValues(new Uint8Array(size)),
};

/** Thrown by `runTool` when the schema refuses the input, so tests can assert a 400-class refusal. */
export class SchemaRefusal extends Error {
  constructor(readonly issues: readonly InputIssue[]) {
    super(`schema refused the input: ${JSON.stringify(issues)}`);
  }
}

/** Validates like the API does (defaults applied), then runs the tool; for colocated tool tests only. */
export async function runTool(tool: ToolDefinition, input: Record<string, unknown>) {
  const copy = structuredClone(input);
  const issues = new AjvSchemaValidator([tool]).validateInput(tool, copy);
  if (issues.length > 0) throw new SchemaRefusal(issues);
  return tool.run(copy, context);
}

/**
 * The output of a run that must succeed. Typed loosely on purpose: tests probe members of union outputs
 * (svg or pngBase64) that the output schema already checks.
 */
export async function outputOf(tool: ToolDefinition, input: Record<string, unknown>): Promise<Record<string, any>> {
  const result = await runTool(tool, input);
  if (!result.ok) throw new Error(`${tool.id} refused: ${JSON.stringify(result.error)}`);
  return result.value as Record<string, any>;
}

/** The error code of a run that must be refused by the tool itself (a 422). */
export async function refusalOf(tool: ToolDefinition, input: Record<string, unknown>): Promise<string> {
  const result = await runTool(tool, input);
  if (result.ok) throw new Error(`${tool.id} accepted ${JSON.stringify(input)}`);
  return result.error.code;
}
