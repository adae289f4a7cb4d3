import type { DomainError, InputIssue } from "../../../domain/errors.ts";
import type { Result } from "../../../domain/result.ts";
import type { ToolContext, ToolDefinition } from "../../../domain/tool.ts";
import { AjvSchemaValidator } from "../ajv-schema-validator.ts";

/** Test context: a fixed clock (2026-01-01) and all-zero "random" bytes, so random paths are reproducible. */
export const zeroContext: ToolContext = { now: () => Date.UTC(2026, 0, 1), randomBytes: (size) => new Uint8Array(size) };

export type Outcome = { schemaIssues: readonly InputIssue[] } | { result: Result<Record<string, unknown>, DomainError> };

/** Test helper: validates `input` against the tool's schema (applying defaults), then runs the tool. */
export async function runTool(tool: ToolDefinition, input: Record<string, unknown>, context = zeroContext): Promise<Outcome> {
  const issues = new AjvSchemaValidator([tool]).validateInput(tool, input);
  if (issues.length > 0) return { schemaIssues: issues };
  return { result: await tool.run(input, context) };
}

/** Test helper: the output of a run that must succeed, typed by the caller. */
export async function runOk<T = Record<string, unknown>>(tool: ToolDefinition, input: Record<string, unknown>, context = zeroContext): Promise<T> {
  const outcome = await runTool(tool, input, context);
  if ("result" in outcome && outcome.result.ok) return outcome.result.value as T;
  throw new Error(`expected success, got ${JSON.stringify(outcome)}`);
}

/** Test helper: the domain error of a run the tool itself refuses (the schema having accepted the input). */
export async function runRefused(tool: ToolDefinition, input: Record<string, unknown>, context = zeroContext): Promise<DomainError> {
  const outcome = await runTool(tool, input, context);
  if ("result" in outcome && !outcome.result.ok) return outcome.result.error;
  throw new Error(`expected a tool refusal, got ${JSON.stringify(outcome)}`);
}

/** Test helper: whether the schema refuses the input before the tool runs. */
export async function isSchemaRefused(tool: ToolDefinition, input: Record<string, unknown>): Promise<boolean> {
  return "schemaIssues" in (await runTool(tool, input));
}
