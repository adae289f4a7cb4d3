import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { CurrentKey, ToolApiError, ToolClient, ToolDetail } from "../../client/src/index.ts";
import type { AnyTool, JsonSchema } from "../../domain/tool.ts";
import type { McpToolbox } from "./mcp-server.ts";
import { toolIdOf } from "./mcp-schema.ts";
import { errorResult, isRepeatable, toMcpTool } from "./mcp-tools.ts";

/** How many tool descriptions are fetched at once when the list is first built. */
const DETAIL_CONCURRENCY = 8;

/**
 * The toolbox of a deployment, reached through the client SDK with the deployment's key: its catalog narrowed by the
 * key's scope (GET /keys/current, read once: it takes one unit of the key's limit), each call a REST execute, so the
 * deployment's limits, scopes and caps apply. Tool descriptions are fetched once. Pack tools are not listed (the REST API does
 * not say which packs a key's workspace enabled), though a call to one goes through.
 */
export function clientToolbox(client: ToolClient, localCatalog: readonly AnyTool[]): McpToolbox {
  let details: Promise<ToolDetail[]> | undefined;
  // A key's scope never changes (rotation and updates keep it), and reading it is a key route that takes a unit.
  let scopes: Promise<CurrentKey["scopes"]> | undefined;
  const local = new Map(localCatalog.map((tool) => [tool.id, tool]));
  return {
    list: async () => {
      const [scope, all] = await Promise.all([(scopes ??= client.currentKey().then((key) => key.scopes)), (details ??= fetchDetails(client))]);
      const allowed = all.filter((tool) => !scope || scope.tools.includes(tool.id) || scope.categories.includes(tool.category));
      return allowed.map((tool) => toRemoteTool(tool, local.get(tool.id)));
    },
    call: async (name, args, signal) => {
      try {
        const output = (await client.execute(toolIdOf(name) as never, args as never, { signal })) as Record<string, unknown>;
        return { content: [{ type: "text", text: JSON.stringify(output) }], structuredContent: output };
      } catch (error) {
        if (!isToolApiError(error)) throw error;
        return toErrorResult(error);
      }
    },
  };
}

async function fetchDetails(client: ToolClient): Promise<ToolDetail[]> {
  const ids = (await client.tools()).filter((tool) => !tool.clientOnly).map((tool) => tool.id);
  const details: ToolDetail[] = [];
  for (let start = 0; start < ids.length; start += DETAIL_CONCURRENCY) {
    details.push(...(await Promise.all(ids.slice(start, start + DETAIL_CONCURRENCY).map((id) => client.tool(id)))));
  }
  return details;
}

/** The deployment's schemas; the hint from this package's own definition of the tool where it has one. */
function toRemoteTool(tool: ToolDetail, local: AnyTool | undefined): Tool {
  const mcp = toMcpTool({ id: tool.id, name: tool.name, category: tool.category, description: tool.description, input: tool.inputSchema as JsonSchema, output: tool.outputSchema as JsonSchema });
  const run = local && !local.clientOnly ? local.run : undefined;
  return { ...mcp, annotations: { ...mcp.annotations, idempotentHint: isRepeatable({ id: tool.id, category: tool.category, run }) } };
}

/** The deployment's error as the REST envelope it answered (401 and 429 included: stdio has no HTTP status). */
function toErrorResult(error: ToolApiError): CallToolResult {
  const envelope = { status: "error", code: error.status, error_code: error.errorCode, message: error.message, ...(error.details ? { details: error.details } : {}) };
  return errorResult(envelope);
}

function isToolApiError(error: unknown): error is ToolApiError {
  return error instanceof Error && error.name === "ToolApiError";
}
