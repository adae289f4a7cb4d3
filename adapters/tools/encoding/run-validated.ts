import type { DomainError, InputIssue } from "../../../domain/errors.ts";
import type { Result } from "../../../domain/result.ts";
import type { ToolDefinition } from "../../../domain/tool.ts";
import { AjvSchemaValidator } from "../ajv-schema-validator.ts";

const context = { now: () => Date.UTC(2026, 0, 1), randomBytes: (size: number) => new Uint8Array(size) };

type Outcome = { schemaIssues: readonly InputIssue[] } | { result: Result<Record<string, unknown>, DomainError> };

/** Test helper: validates `input` against the tool's schema (applying defaults), then runs the tool. */
export async function runValidated(tool: ToolDefinition, input: Record<string, unknown>): Promise<Outcome> {
  const issues = new AjvSchemaValidator([tool]).validateInput(tool, input);
  if (issues.length > 0) return { schemaIssues: issues };
  return { result: await tool.run(input, context) };
}

/** Test helper: the output of a run that must succeed. */
export async function runOk(tool: ToolDefinition, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const outcome = await runValidated(tool, input);
  if ("result" in outcome && outcome.result.ok) return outcome.result.value;
  throw new Error(`expected success, got ${JSON.stringify(outcome)}`);
}

/** Test helper: "schema" when ajv refuses the input, "tool" when run returns a domain error, "ok" otherwise. */
export async function refusalOf(tool: ToolDefinition, input: Record<string, unknown>): Promise<"schema" | "tool" | "ok"> {
  const outcome = await runValidated(tool, input);
  if ("schemaIssues" in outcome) return "schema";
  return outcome.result.ok ? "ok" : "tool";
}
