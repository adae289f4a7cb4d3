import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { storageUnavailableAnswer, type AuthorizedCall } from "../../application/tool-call.ts";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import { type Answer, errorAnswer, type WireError } from "../../domain/answer.ts";
import type { ApiKey } from "../../domain/api-key.ts";
import type { ToolCore } from "../core/create-tool-core.ts";
import { readApiKey } from "../http/read-api-key.ts";
import { DEFAULT_MAX_BODY_BYTES, readJsonBody } from "../http/request-body.ts";
import { coreToolbox } from "./core-toolbox.ts";
import { createMcpServer } from "./mcp-server.ts";

/** One tools/call as usage counts it: the key, the tool, the REST status it stands for and its latency. */
export interface McpToolCallRecord {
  readonly keyId: string;
  /** The key's workspace (null for a CLI key): whose usage the call counts in. */
  readonly workspaceId: string | null;
  readonly toolId: string;
  readonly status: number;
  /** The REST error_code the answer stands for; undefined for a success. */
  readonly errorCode: string | undefined;
  /** From the request's arrival to the answer. */
  readonly latencyMs: number;
  readonly transport: "mcp";
}

/** How /mcp is served; every option has a default fit for embedding. */
export interface McpHandlerOptions {
  /** MCP_ALLOWED_ORIGINS: origins allowed in an `Origin` header; any other gets 403. A request without one is allowed. */
  readonly allowedOrigins?: readonly string[];
  /** Larger request bodies get 413, as on REST. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** The usage hook: every tools/call of a valid key, 429 included, as REST execute calls are counted. */
  readonly onToolCall?: (record: McpToolCallRecord) => void;
  /** Hears bugs, answered as 500 internal_error without internals. */
  readonly onBug?: (error: unknown) => void;
}

/**
 * POST /mcp (MCP Streamable HTTP, stateless) over a core, as a web-standard handler any server can mount. In the
 * contract's order: the Origin rule, the key (401 with `WWW-Authenticate: Bearer`), the body limits, one rate-limit
 * unit per tools/call (429 with the limit headers), then a fresh MCP server and transport for this one request.
 */
export function createMcpHandler(core: ToolCore, options: McpHandlerOptions = {}): (request: Request) => Promise<Response> {
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const { toolCall } = core.services;
  return async (request) => {
    const arrived = performance.now();
    if (request.method !== "POST") return toWebResponse(errorAnswer({ code: "method_not_allowed", message: "Use POST for /mcp." }, { allow: "POST" }));
    const origin = request.headers.get("origin");
    if (origin !== null && !allowedOrigins.has(origin)) return refuse({ code: "forbidden", message: "This Origin may not call /mcp (see MCP_ALLOWED_ORIGINS)." });
    try {
      const auth = await toolCall.authenticate(readApiKey(request.headers));
      if (!auth.ok) return toWebResponse(auth.answer, { "www-authenticate": "Bearer" });
      const body = await readJsonBody(request, maxBodyBytes);
      if (!body.ok) return refuse(body.error);
      const record = (toolId: string, answer: Answer) => options.onToolCall?.({
        keyId: auth.key.id, workspaceId: auth.key.workspaceId, toolId, status: answer.status,
        errorCode: answer.body.status === "error" ? answer.body.error_code : undefined, latencyMs: performance.now() - arrived, transport: "mcp",
      });
      const admitted: AuthorizedCall[] = [];
      for (const toolId of toolCallsIn(body.value)) {
        const admission = await toolCall.admit(auth.key);
        if (!admission.ok) {
          record(toolId, admission.answer);
          return toWebResponse(admission.answer);
        }
        admitted.push(admission.call);
      }
      return await serve(request, body.value, { core, key: auth.key, admitted, record, onBug: options.onBug });
    } catch (error) {
      if (error instanceof StorageUnavailableError) return toWebResponse(storageUnavailableAnswer());
      options.onBug?.(error);
      return refuse({ code: "internal_error", message: "An internal error occurred." });
    }
  };
}

interface Served {
  readonly core: ToolCore;
  readonly key: ApiKey;
  readonly admitted: AuthorizedCall[];
  readonly record: (toolId: string, answer: Answer) => void;
  readonly onBug?: (error: unknown) => void;
}

/** Runs the request's messages through a server made for it, the rate-limit headers of its last unit on the answer. */
async function serve(request: Request, parsedBody: unknown, served: Served): Promise<Response> {
  const { key, admitted } = served;
  const headers = admitted.at(-1)?.headers ?? {};
  const toolbox = coreToolbox(served.core, {
    key,
    // Each tools/call message took its unit above, so the queue never runs dry; a fresh count is the safe fallback.
    admitted: () => admitted.shift() ?? { key, headers },
    onAnswer: (toolId, answer) => served.record(toolId, answer),
    onBug: served.onBug,
  });
  const server = createMcpServer(toolbox);
  // Stateless: no session id; JSON answers, as nothing is ever streamed (no progress, no server requests).
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(request, { parsedBody });
    const merged = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return new Response(response.body, { status: response.status, headers: merged });
  } finally {
    await server.close();
  }
}

/** The tool names of the tools/call requests in a JSON-RPC message or batch (notifications carry no id and run nothing). */
export function toolCallsIn(body: unknown): string[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => {
    if (typeof message !== "object" || message === null) return [];
    const { method, id, params } = message as { method?: unknown; id?: unknown; params?: { name?: unknown } };
    if (method !== "tools/call" || id === undefined) return [];
    return [typeof params?.name === "string" ? params.name : ""];
  });
}

function refuse(error: WireError): Response {
  return toWebResponse(errorAnswer(error));
}

/** A plain web Response (not srvx's), so the handler works in any server that speaks Request/Response. */
function toWebResponse(answer: Answer, extra: Record<string, string> = {}): Response {
  const headers = { "content-type": "application/json", "cache-control": "no-store", ...answer.headers, ...extra };
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}
