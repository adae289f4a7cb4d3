import { type JsonSchema, toModelSchema } from "./schema-for-models.ts";
import { toModelName } from "./tool-names.ts";

/** The model APIs whose tool shapes the client speaks. */
export type ToolFormat = "openai" | "openai-responses" | "anthropic" | "mcp";

/** OpenAI Chat Completions: an item of `tools`. */
export interface OpenAiTool {
  readonly type: "function";
  readonly function: { readonly name: string; readonly description: string; readonly parameters: JsonSchema };
}
/** OpenAI Responses API: an item of `tools` (no `strict`: see the README). */
export interface OpenAiResponsesTool {
  readonly type: "function";
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
}
/** Anthropic Messages: an item of `tools`. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchema;
}
/** MCP (`tools/list`'s items): name, description and input schema. */
export interface McpTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
}

export type ToolDefinitionFor<F extends ToolFormat> = {
  openai: OpenAiTool;
  "openai-responses": OpenAiResponsesTool;
  anthropic: AnthropicTool;
  mcp: McpTool;
}[F];

/** What a definition is made from: a tool as `GET /tools` or a pack's detail shows it. */
export interface ToolSource {
  readonly id: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
}

/**
 * One tool in `format`'s shape, named `toModelName(id)` in every format: MCP too, as `/mcp` serves them, since many
 * MCP clients hand the names on to a model API that refuses a `.`.
 */
export function toToolDefinition<F extends ToolFormat>(format: F, tool: ToolSource): ToolDefinitionFor<F> {
  const { schema, rule } = toModelSchema(tool.inputSchema);
  const description = rule === undefined ? tool.description : `${tool.description}\n${rule}`;
  switch (format) {
    case "openai":
      return { type: "function", function: { name: toModelName(tool.id), description, parameters: schema } } as ToolDefinitionFor<F>;
    case "openai-responses":
      return { type: "function", name: toModelName(tool.id), description, parameters: schema } as ToolDefinitionFor<F>;
    case "anthropic":
      return { name: toModelName(tool.id), description, input_schema: schema } as ToolDefinitionFor<F>;
    case "mcp":
      return { name: toModelName(tool.id), description, inputSchema: schema } as ToolDefinitionFor<F>;
    default:
      throw unknownFormat(format);
  }
}

const FORMATS: readonly string[] = ["openai", "openai-responses", "anthropic", "mcp"];

/** Refuses a format the client does not speak. */
export function assertToolFormat(format: string): void {
  if (!FORMATS.includes(format)) throw unknownFormat(format);
}

export function unknownFormat(format: string): TypeError {
  return new TypeError(`Unknown tool format ${JSON.stringify(format)}: use openai, openai-responses, anthropic or mcp`);
}
