// The low-level Server, not McpServer: McpServer takes zod shapes, and tools/list must show the tools' own JSON
// Schema objects and change with the calling key.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, type CallToolResult, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { packageVersion } from "../package-version.ts";

/** What an MCP server serves: the tools one caller may call, and a call of one of them. */
export interface McpToolbox {
  /** Every tool the caller may call, in catalog order. */
  list(): Promise<readonly Tool[]>;
  /**
   * One call; a refusal or failure of the tool is an `isError` result, never a thrown error. `signal` aborts when the
   * client cancels the request or goes away: a call still queued for the tool pool is then dropped unstarted.
   */
  call(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult>;
}

const INSTRUCTIONS =
  "Utility tools (hashing, encoding, JSON/YAML/CSV, dates, JWTs, QR codes, …). Each tool validates its input against " +
  "its inputSchema; a refused input comes back as an isError result whose text holds the error envelope with `details`.";

/** The most tools one tools/list page holds (contract "## MCP" bounds). */
export const TOOLS_PAGE_SIZE = 50;

/**
 * An MCP server for one toolbox, with the tools capability only. tools/list is paginated: the cursor is the next
 * page's offset, opaque to clients (base64url); one this server could not have handed out is an invalid parameter.
 */
export function createMcpServer(toolbox: McpToolbox): Server {
  const server = new Server(
    { name: "tool-execution-api", title: "Tool Execution API", version: packageVersion() },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const tools = await toolbox.list();
    const start = request.params?.cursor === undefined ? 0 : offsetOf(request.params.cursor, tools.length);
    const end = start + TOOLS_PAGE_SIZE;
    return { tools: tools.slice(start, end), ...(end < tools.length ? { nextCursor: Buffer.from(String(end)).toString("base64url") } : {}) };
  });
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => toolbox.call(request.params.name, request.params.arguments ?? {}, extra.signal));
  return server;
}

function offsetOf(cursor: string, total: number): number {
  const text = Buffer.from(cursor, "base64url").toString();
  const offset = /^[1-9][0-9]{0,5}$/.test(text) ? Number(text) : NaN;
  if (!(offset % TOOLS_PAGE_SIZE === 0 && offset < total)) throw new McpError(ErrorCode.InvalidParams, "Unknown cursor: use a nextCursor this server returned.");
  return offset;
}
