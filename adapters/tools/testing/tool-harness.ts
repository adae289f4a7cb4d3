import type { DomainError } from "../../../domain/errors.ts";
import { invalidInput } from "../../../domain/errors.ts";
import type { ToolContext, ToolDefinition } from "../../../domain/tool.ts";
import { AjvSchemaValidator } from "../ajv-schema-validator.ts";

/** The one tool test harness: runs a tool the way the API does (schema first, defaults applied), in process. */

/** A context with a fixed clock (2026-01-01T00:00:00Z unless given) and real random bytes. */
export function toTestContext(nowMs = Date.UTC(2026, 0, 1)): ToolContext {
  return { now: () => nowMs, randomBytes: (size) => crypto.getRandomValues(new Uint8Array(size)) };
}

/** A context with a fixed clock and all-zero "random" bytes, so random paths (IVs, salts) are reproducible. */
export const zeroContext: ToolContext = { now: () => Date.UTC(2026, 0, 1), randomBytes: (size) => new Uint8Array(size) };

/** How a run ended: refused by the schema, refused by the tool (both 422 on the wire), or its output. */
export type Outcome = { kind: "schema"; error: DomainError } | { kind: "tool"; error: DomainError } | { kind: "ok"; output: any };

// Compiling a schema costs milliseconds; property tests run a tool hundreds of times.
const validators = new WeakMap<ToolDefinition, AjvSchemaValidator>();

function validatorFor(tool: ToolDefinition): AjvSchemaValidator {
  let validator = validators.get(tool);
  if (!validator) validators.set(tool, (validator = new AjvSchemaValidator([tool])));
  return validator;
}

/** Validates a copy of `input` (defaults applied), then runs the tool. */
export async function runTool(tool: ToolDefinition, input: Record<string, unknown>, context = toTestContext()): Promise<Outcome> {
  const copy = structuredClone(input);
  const issues = validatorFor(tool).validateInput(tool, copy);
  if (issues.length > 0) return { kind: "schema", error: invalidInput(issues) };
  const result = await tool.run(copy, context);
  return result.ok ? { kind: "ok", output: result.value } : { kind: "tool", error: result.error };
}

/**
 * The output of a run that must succeed. Typed loosely on purpose: tests probe members of union outputs
 * (svg or pngBase64) that the output schema already checks.
 */
export async function outputOf(tool: ToolDefinition, input: Record<string, unknown>, context?: ToolContext): Promise<any> {
  const outcome = await runTool(tool, input, context);
  if (outcome.kind !== "ok") throw new Error(`${tool.id} refused ${JSON.stringify(input).slice(0, 200)}: ${JSON.stringify(outcome.error)}`);
  return outcome.output;
}

/** The error of a run that must be refused (by the schema or by the tool). */
export async function errorOf(tool: ToolDefinition, input: Record<string, unknown>): Promise<DomainError> {
  const outcome = await runTool(tool, input);
  if (outcome.kind === "ok") throw new Error(`${tool.id} accepted ${JSON.stringify(input).slice(0, 200)}`);
  return outcome.error;
}

/** The error of a run the tool itself refuses, the schema having accepted the input. */
export async function toolErrorOf(tool: ToolDefinition, input: Record<string, unknown>, context?: ToolContext): Promise<DomainError> {
  const outcome = await runTool(tool, input, context);
  if (outcome.kind !== "tool") throw new Error(`${tool.id}: expected a tool refusal, got ${outcome.kind}`);
  return outcome.error;
}

/** Who refused an input: the schema, the tool, or nobody ("ok"). */
export async function refusalOf(tool: ToolDefinition, input: Record<string, unknown>): Promise<Outcome["kind"]> {
  return (await runTool(tool, input)).kind;
}
