import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/**
 * What agent clients refuse in an MCP tool, as their publishers write it down:
 * - name: `^[a-zA-Z0-9_-]{1,64}$` (Anthropic tool names, https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use;
 *   OpenAI function names, https://platform.openai.com/docs/api-reference/chat/create, `tools[].function.name`).
 * - inputSchema: `type: "object"` at the top, no `oneOf`/`anyOf`/`allOf` there (Anthropic, same page; the MCP schema
 *   2025-11-25 fixes `inputSchema.type` to "object").
 * - MCP Inspector `--strict` (modelcontextprotocol/inspector, cli): no bare `true`/`false` subschema, no `type` array.
 */
export function strictToolProblems(tool: Tool): string[] {
  const problems: string[] = [];
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)) problems.push(`${tool.name}: name`);
  const input = tool.inputSchema as Record<string, unknown>;
  if (input.type !== "object" || typeof input.properties !== "object") problems.push(`${tool.name}: top level is not an object with properties`);
  for (const combinator of ["oneOf", "anyOf", "allOf"]) if (combinator in input) problems.push(`${tool.name}: top-level ${combinator}`);
  walk(input, `${tool.name} input`, problems);
  if (tool.outputSchema) walk(tool.outputSchema, `${tool.name} output`, problems);
  return problems;
}

const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const ONE_SCHEMA = new Set(["items", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems", "additionalItems"]);
/** A boolean here is the form every model API accepts (OpenAI strict mode requires `additionalProperties: false`). */
const OBJECT_RULES = new Set(["additionalProperties", "unevaluatedProperties"]);

function walk(schema: unknown, at: string, problems: string[]): void {
  if (typeof schema === "boolean") return void problems.push(`${at}: bare ${schema}`);
  if (typeof schema !== "object" || schema === null) return;
  for (const [key, value] of Object.entries(schema)) {
    if (key === "type" && Array.isArray(value)) problems.push(`${at}: type array`);
    if (SCHEMA_MAPS.has(key)) for (const [name, sub] of Object.entries(value as object)) walk(sub, `${at}/${key}/${name}`, problems);
    if (SCHEMA_LISTS.has(key)) (value as unknown[]).forEach((sub, index) => walk(sub, `${at}/${key}/${index}`, problems));
    if (ONE_SCHEMA.has(key)) walk(value, `${at}/${key}`, problems);
    if (OBJECT_RULES.has(key) && typeof value === "object") walk(value, `${at}/${key}`, problems);
  }
}

/** Every page of tools/list, following nextCursor as a client does. */
export async function listAllTools(client: Client): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}
