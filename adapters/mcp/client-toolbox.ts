import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { CallableTool, ToolApiError, ToolClient, ToolDetail } from "../../client/src/index.ts";
import type { AnyTool, JsonSchema } from "../../domain/tool.ts";
import type { McpToolbox } from "./mcp-server.ts";
import { toolIdOf } from "./mcp-schema.ts";
import { errorResult, isRepeatable, toMcpTool } from "./mcp-tools.ts";

/** How many tool descriptions are fetched at once when the list is first built. */
const DETAIL_CONCURRENCY = 8;

/** A tool as the deployment describes it: what toRemoteTool needs. */
type RemoteTool = Pick<ToolDetail, "id" | "name" | "category" | "description" | "inputSchema" | "outputSchema">;

/**
 * The toolbox of a deployment, reached through the client SDK with the deployment's key: the tools that key may
 * execute (GET /keys/current/tools: its scope, and the packs its workspace enabled), each call a REST execute, so the
 * deployment's limits, scopes and caps apply. The list is read at a tools/list (a key route: it takes one unit of the
 * key's limit), with each tool's description, and kept for `maxAgeMs`: a forwarder runs as long as its agent host, and
 * the workspace may enable or disable packs meanwhile. A call of a listed tool refused as not callable (its pack not
 * enabled, the tool gone or out of the key's scope) means the list no longer holds: the next tools/list reads it again
 * at once. A name the list never held says nothing of the list, so a client calling made-up names costs no reads.
 */
export function clientToolbox(client: ToolClient, localCatalog: readonly AnyTool[], options: ClientToolboxOptions = {}): McpToolbox {
  const { maxAgeMs = LIST_MAX_AGE_MS, now = Date.now } = options;
  let remote: Promise<RemoteTool[]> | undefined;
  let readAt = 0;
  let listed: ReadonlySet<string> = new Set();
  const local = new Map(localCatalog.map((tool) => [tool.id, tool]));
  return {
    list: async () => {
      if (remote === undefined || now() - readAt >= maxAgeMs) {
        const read = remoteTools(client);
        [remote, readAt] = [read, now()];
        read.then(
          (tools) => remote === read && (listed = new Set(tools.map((tool) => tool.id))),
          () => remote === read && (remote = undefined), // a failed read is tried again at the next tools/list
        );
      }
      return (await remote).map((tool) => toRemoteTool(tool, local.get(tool.id)));
    },
    call: async (name, args, signal) => {
      const id = toolIdOf(name);
      try {
        const output = (await client.execute(id as never, args as never, { signal })) as Record<string, unknown>;
        return { content: [{ type: "text", text: JSON.stringify(output) }], structuredContent: output };
      } catch (error) {
        if (!isToolApiError(error)) throw error;
        if (LIST_OUTDATED.has(error.errorCode) && listed.has(id)) readAt = -Infinity;
        return toErrorResult(error);
      }
    },
  };
}

export interface ClientToolboxOptions {
  /** How long a read of the key's tools serves tools/list (default 5 minutes). */
  readonly maxAgeMs?: number;
  /** The clock the age is read on (milliseconds). */
  readonly now?: () => number;
}

const LIST_MAX_AGE_MS = 5 * 60_000;
/** The refusals of a listed tool's call that mean the key's tools are no longer what the last read listed. */
const LIST_OUTDATED: ReadonlySet<string> = new Set(["pack_not_enabled", "forbidden_tool", "tool_not_found"]);

/** The key's tools with their descriptions: a core tool's from GET /tools/{id}, a pack tool's from its pack. */
async function remoteTools(client: ToolClient): Promise<RemoteTool[]> {
  const callable = await callableOf(client);
  const packIds = [...new Set(callable.filter((tool) => tool.id.includes(".")).map((tool) => tool.id.slice(0, tool.id.indexOf("."))))];
  const packTools = new Map((await Promise.all(packIds.map((id) => client.pack(id)))).flatMap((pack) => pack.tools.map((tool) => [tool.id, tool] as const)));
  const core = await inBatches(callable.filter((tool) => !tool.id.includes(".")).map((tool) => tool.id), (id) => client.tool(id));
  const coreTools = new Map(core.map((tool) => [tool.id, tool]));
  return callable.flatMap((tool): RemoteTool[] => {
    const detail = coreTools.get(tool.id) ?? packTools.get(tool.id);
    return detail ? [{ ...tool, outputSchema: detail.outputSchema }] : [];
  });
}

/** GET /keys/current/tools; from a deployment older than that route, the catalog narrowed by the key's scope. */
async function callableOf(client: ToolClient): Promise<CallableTool[]> {
  try {
    return await client.callableTools();
  } catch (error) {
    if (!isToolApiError(error) || error.status !== 404) throw error;
    const [{ scopes }, catalog] = await Promise.all([client.currentKey(), client.tools()]);
    return catalog.flatMap((tool): CallableTool[] => {
      const allowed = !tool.clientOnly && tool.inputSchema && (!scopes || scopes.tools.includes(tool.id) || scopes.categories.includes(tool.category));
      return allowed ? [{ id: tool.id, name: tool.name, category: tool.category, description: tool.description, inputSchema: tool.inputSchema as CallableTool["inputSchema"] }] : [];
    });
  }
}

async function inBatches<T>(ids: readonly string[], read: (id: string) => Promise<T>): Promise<T[]> {
  const all: T[] = [];
  for (let start = 0; start < ids.length; start += DETAIL_CONCURRENCY) all.push(...(await Promise.all(ids.slice(start, start + DETAIL_CONCURRENCY).map(read))));
  return all;
}

/** The deployment's schemas; the hint from this package's own definition of the tool where it has one. */
function toRemoteTool(tool: RemoteTool, local: AnyTool | undefined): Tool {
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
