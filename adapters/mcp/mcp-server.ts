// The low-level Server, not McpServer: McpServer takes zod shapes, and tools/list must show the tools' own JSON
// Schema objects and change with the calling key.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, type CallToolResult, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { packageVersion } from "../package-version.ts";

/** What an MCP server serves: the tools one caller may call, and a call of one of them. */
export interface McpToolbox {
  /** Every tool the caller may call, in catalog order. */
  list(): Promise<readonly Tool[]>;
  /** One call; a refusal or failure of the tool is an `isError` result, never a thrown error. */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

const INSTRUCTIONS =
  "Utility tools (hashing, encoding, JSON/YAML/CSV, dates, JWTs, QR codes, …). Each tool validates its input against " +
  "its inputSchema; a refused input comes back as an isError result whose text holds the error envelope with `details`.";

/**
 * An MCP server for one toolbox, with the tools capability only. Every tool fits in one tools/list page, so a
 * cursor (which this server never hands out) is an invalid parameter, as the specification says.
 */
export function createMcpServer(toolbox: McpToolbox): Server {
  const server = new Server(
    { name: "tool-execution-api", title: "Tool Execution API", version: packageVersion() },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    if (request.params?.cursor !== undefined) throw new McpError(ErrorCode.InvalidParams, "Unknown cursor: every tool is on the first page.");
    return { tools: [...(await toolbox.list())] };
  });
  server.setRequestHandler(CallToolRequestSchema, (request) => toolbox.call(request.params.name, request.params.arguments ?? {}));
  return server;
}
