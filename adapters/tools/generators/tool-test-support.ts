import type { DomainError } from "../../../domain/errors.ts";
import type { ToolContext, ToolDefinition } from "../../../domain/tool.ts";
import { AjvSchemaValidator } from "../ajv-schema-validator.ts";

/** A context with a fixed clock (2026-01-01T00:00:00Z unless given) and real random bytes; for tests. */
export function toTestContext(nowMs = Date.UTC(2026, 0, 1)): ToolContext {
  return { now: () => nowMs, randomBytes: (size) => crypto.getRandomValues(new Uint8Array(size)) };
}

// Compiling a schema costs milliseconds; property tests run a tool hundreds of times.
const validators = new WeakMap<ToolDefinition, AjvSchemaValidator>();

function validatorFor(tool: ToolDefinition): AjvSchemaValidator {
  let validator = validators.get(tool);
  if (!validator) validators.set(tool, (validator = new AjvSchemaValidator([tool])));
  return validator;
}

type Outcome = { kind: "schema" } | { kind: "tool"; error: DomainError } | { kind: "ok"; output: any };

/** Validates like the API does (defaults applied), then runs the tool; for colocated tool tests only. */
export async function runTool(tool: ToolDefinition, input: Record<string, unknown>, context = toTestContext()): Promise<Outcome> {
  const copy = structuredClone(input);
  if (validatorFor(tool).validateInput(tool, copy).length > 0) return { kind: "schema" };
  const result = await tool.run(copy, context);
  return result.ok ? { kind: "ok", output: result.value } : { kind: "tool", error: result.error };
}

/** The output of a run that must succeed. */
export async function outputOf(tool: ToolDefinition, input: Record<string, unknown>, context?: ToolContext): Promise<any> {
  const outcome = await runTool(tool, input, context);
  if (outcome.kind !== "ok") throw new Error(`${tool.id} refused ${JSON.stringify(input)}: ${JSON.stringify(outcome)}`);
  return outcome.output;
}

/** Who refused an input: the schema (a 400-class answer), the tool (422 invalid_input) or nobody ("ok"). */
export async function refusalOf(tool: ToolDefinition, input: Record<string, unknown>): Promise<"schema" | "tool" | "ok"> {
  return (await runTool(tool, input)).kind;
}
