import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Answer } from "../../domain/answer.ts";
import type { ToolDefinition } from "../../domain/tool.ts";
import { mcpInputSchema, mcpToolName, strictSubschema } from "./mcp-schema.ts";

/** The part of a tool MCP shows: a tool definition, or the same fields as the REST API serves them. */
export type McpToolSource = Pick<ToolDefinition, "id" | "name" | "category" | "description" | "input" | "output"> & {
  readonly run?: ToolDefinition["run"];
};

/**
 * A server tool as MCP's tools/list shows it. `inputSchema` and `outputSchema` are the tool's own schemas in the form
 * every agent client accepts (see mcp-schema.ts: one top-level object, strict subschemas); REST and the OpenAPI
 * document keep the exact ones, and the server still validates with those. No tool changes anything (readOnlyHint) and none reaches
 * outside the server (openWorldHint false); see isRepeatable for idempotentHint.
 */
export function toMcpTool(tool: McpToolSource): Tool {
  const input = mcpInputSchema(tool.input);
  return {
    name: mcpToolName(tool.id),
    title: tool.name,
    description: input.rule ? `${tool.description}\n\n${input.rule}` : tool.description,
    inputSchema: input.schema as Tool["inputSchema"],
    outputSchema: strictSubschema(tool.output) as Tool["outputSchema"],
    annotations: { title: tool.name, readOnlyHint: true, destructiveHint: false, idempotentHint: isRepeatable(tool), openWorldHint: false },
  };
}

/** Random although its `run` takes no context: node's RSA key generator draws its own randomness. */
const RANDOM_WITHOUT_CONTEXT = new Set(["rsa-key-pair-generator"]);

/**
 * Whether the same input always gives the same output. Tools reach the clock and randomness only through their run
 * context (house rule: `run` is pure otherwise), so a `run` that takes the context is not, nor is a generator. Without
 * `run` (a tool as a deployment describes it) only the category and the id can tell.
 */
export function isRepeatable(tool: Pick<McpToolSource, "id" | "category" | "run">): boolean {
  if (tool.category === "generators" || RANDOM_WITHOUT_CONTEXT.has(tool.id)) return false;
  return !(tool.run && tool.run.length >= 2);
}

/**
 * A REST answer as a tools/call result: the output as `structuredContent` plus one text block with the same JSON; any
 * error (the REST envelope, 422 details included) as `isError` with the envelope as text.
 */
export function toCallToolResult(answer: Pick<Answer, "status" | "body">): CallToolResult {
  if (answer.body.status === "success") {
    const output = (answer.body.data as { output: Record<string, unknown> }).output;
    return { content: [{ type: "text", text: JSON.stringify(output) }], structuredContent: output };
  }
  return errorResult(answer.body);
}

/**
 * An error envelope as an isError result. Its `details` paths point into the tool's arguments (`/text`), which is what
 * an MCP client sent, not into REST's request body (`/input/text`).
 */
export function errorResult(envelope: unknown): CallToolResult {
  return plainErrorResult(intoArguments(envelope));
}

function intoArguments(envelope: unknown): unknown {
  const details = (envelope as { details?: unknown } | null)?.details;
  if (!Array.isArray(details)) return envelope;
  const moved = details.map((detail: unknown) => {
    const path = (detail as { path?: unknown } | null)?.path;
    if (typeof path !== "string" || !(path === "/input" || path.startsWith("/input/"))) return detail;
    return { ...(detail as object), path: path.slice("/input".length) };
  });
  return { ...(envelope as object), details: moved };
}

/** An error envelope as an isError result (no structuredContent: clients check that against the output schema). */
function plainErrorResult(envelope: unknown): CallToolResult {
  return { isError: true, content: [{ type: "text", text: JSON.stringify(envelope) }] };
}
