// tool-execution-api/mcp: the MCP endpoint over a core, as a web-standard `(request: Request) => Promise<Response>`.
export { createMcpHandler, type McpHandlerOptions, type McpOAuthOptions, type McpToolCallRecord } from "./mcp-handler.ts";
export { isRepeatable, toMcpTool } from "./mcp-tools.ts";
