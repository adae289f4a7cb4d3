import { storageUnavailableAnswer, type AuthorizedCall } from "../../application/tool-call.ts";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import { type Answer, errorAnswer, type WireError } from "../../domain/answer.ts";
import type { ApiKey } from "../../domain/api-key.ts";
import { TOKEN_PREFIXES } from "../../domain/oauth.ts";
import type { ToolCore } from "../core/create-tool-core.ts";
import { mcpResourceOf, resourceMetadataUrlOf } from "../http/oauth/oauth-metadata.ts";
import { readApiKey } from "../http/read-api-key.ts";
import { DEFAULT_MAX_BODY_BYTES, readJsonBody } from "../http/request-body.ts";
import { coreToolbox } from "./core-toolbox.ts";
import { type JsonRpcErrorMessage, listingBudget, MAX_BATCH_MESSAGES, screenMessages } from "./mcp-bounds.ts";

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
  /** tools/list and ping messages a key may send a minute (in this process), apart from its execute limit. Default 60. */
  readonly listingPerMinute?: number;
  /** OAuth access tokens besides API keys (contract: "OAuth for MCP clients"). Absent: keys only, and the 401 names no metadata. */
  readonly oauth?: McpOAuthOptions;
}

/** How /mcp accepts the access tokens of the deployment's authorization server. */
export interface McpOAuthOptions {
  /** PUBLIC_URL: the resource tokens must be issued for is `<PUBLIC_URL>/mcp`; the 401 points at its metadata. */
  readonly publicUrl: (request: Request) => string;
  /** The key an access token stands for at `resource`, or undefined (OAuthUseCases.authenticate). */
  readonly authenticate: (accessToken: string, resource: string) => Promise<ApiKey | undefined>;
}

/**
 * POST /mcp (MCP Streamable HTTP, stateless) over a core, as a web-standard handler any server can mount. In the
 * contract's order: the Origin rule, the key or access token (401 with `WWW-Authenticate: Bearer`, naming the
 * resource metadata when `oauth` is given), the body limits, the batch bound
 * (400 over 100 messages), the messages answered before the SDK (mcp-bounds.ts), one rate-limit unit per tools/call
 * (429 with the limit headers), then a fresh MCP server and transport for this one request.
 */
export function createMcpHandler(core: ToolCore, options: McpHandlerOptions = {}): (request: Request) => Promise<Response> {
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const { toolCall } = core.services;
  const listing = listingBudget(options.listingPerMinute ?? 60);
  return async (request) => {
    const arrived = performance.now();
    if (request.method !== "POST") return toWebResponse(errorAnswer({ code: "method_not_allowed", message: "Use POST for /mcp." }, { allow: "POST" }));
    const origin = request.headers.get("origin");
    if (origin !== null && !allowedOrigins.has(origin)) return refuse({ code: "forbidden", message: "This Origin may not call /mcp (see MCP_ALLOWED_ORIGINS)." });
    try {
      const auth = await authenticateCaller(toolCall, options.oauth, request);
      if (!auth.ok) return toWebResponse(auth.answer, { "www-authenticate": challengeOf(options.oauth, request) });
      const body = await readJsonBody(request, maxBodyBytes);
      if (!body.ok) return refuse(body.error);
      const isBatch = Array.isArray(body.value);
      if (isBatch && (body.value as unknown[]).length > MAX_BATCH_MESSAGES) return refuse({ code: "invalid_request", message: `A JSON-RPC batch holds at most ${MAX_BATCH_MESSAGES} messages.` });
      const screened = screenMessages(isBatch ? (body.value as unknown[]) : [body.value], () => listing(auth.key.id));
      const record = (toolId: string, answer: Answer) => options.onToolCall?.({
        keyId: auth.key.id, workspaceId: auth.key.workspaceId, toolId, status: answer.status,
        errorCode: answer.body.status === "error" ? answer.body.error_code : undefined, latencyMs: performance.now() - arrived, transport: "mcp",
      });
      const toolIds = toolCallsIn(screened.kept);
      const admitted = await admitAll(toolCall, auth.key, toolIds, record);
      if (!Array.isArray(admitted)) return toWebResponse(admitted);
      if (screened.kept.length === 0) return jsonRpcAnswer(isBatch ? screened.answers : screened.answers[0]);
      const kept = isBatch ? screened.kept : screened.kept[0];
      return await serve(request, kept, { core, key: auth.key, admitted, toolIds, record, onBug: options.onBug, answered: screened.answers });
    } catch (error) {
      if (error instanceof StorageUnavailableError) return toWebResponse(storageUnavailableAnswer());
      options.onBug?.(error);
      return refuse({ code: "internal_error", message: "An internal error occurred." });
    }
  };
}

/** The key a request carries, or the one identical 401: an access token resolves to its grant's key. */
async function authenticateCaller(toolCall: ToolCore["services"]["toolCall"], oauth: McpOAuthOptions | undefined, request: Request) {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (oauth === undefined || bearer === undefined || !bearer.startsWith(TOKEN_PREFIXES.access)) return toolCall.authenticate(readApiKey(request.headers));
  const key = await oauth.authenticate(bearer, mcpResourceOf(oauth.publicUrl(request)));
  // An unknown, expired or ended token is answered exactly as a bad key is.
  return key ? { ok: true as const, key } : toolCall.authenticate(undefined);
}

/** RFC 9728 §5.1: the 401 names the resource's metadata, where MCP clients start their OAuth flow. */
function challengeOf(oauth: McpOAuthOptions | undefined, request: Request): string {
  return oauth ? `Bearer resource_metadata="${resourceMetadataUrlOf(oauth.publicUrl(request))}"` : "Bearer";
}

/** One unit per tools/call, in order; the first refusal (429) is recorded and answered for the whole request. */
async function admitAll(toolCall: ToolCore["services"]["toolCall"], key: ApiKey, toolIds: readonly string[], record: (toolId: string, answer: Answer) => void): Promise<AuthorizedCall[] | Answer> {
  const admitted: AuthorizedCall[] = [];
  for (const toolId of toolIds) {
    const admission = await toolCall.admit(key);
    if (!admission.ok) {
      record(toolId, admission.answer);
      return admission.answer;
    }
    admitted.push(admission.call);
  }
  return admitted;
}

interface Served {
  readonly core: ToolCore;
  readonly key: ApiKey;
  readonly admitted: AuthorizedCall[];
  /** The tools/call tool ids, one per admitted unit, in order. */
  readonly toolIds: readonly string[];
  readonly record: (toolId: string, answer: Answer) => void;
  readonly onBug?: (error: unknown) => void;
  /** A batch's messages answered before the MCP server, added to its answers. */
  readonly answered: readonly JsonRpcErrorMessage[];
}

/**
 * The MCP SDK (and zod beneath it), loaded by the first request that reaches it: a sixth of a start's module loading
 * otherwise, for a route many deployments never serve. Everything answered before it (401, 403, 413, 429, the bounds)
 * needs none of it.
 */
let sdk: Promise<readonly [typeof import("./mcp-server.ts"), typeof import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js")]> | undefined;
const mcpSdk = () => (sdk ??= Promise.all([import("./mcp-server.ts"), import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js")]));

/** Runs the request's messages through a server made for it, the rate-limit headers of its last unit on the answer. */
async function serve(request: Request, parsedBody: unknown, served: Served): Promise<Response> {
  const [{ createMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await mcpSdk();
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
    // A unit the transport refused before its call ran (a wrong Accept or protocol version) still counts in usage.
    for (const toolId of served.toolIds.slice(served.toolIds.length - admitted.length)) {
      served.record(toolId, { status: response.status, headers: {}, body: { status: "error", code: response.status, error_code: "invalid_request", message: "Refused by the MCP transport." } });
    }
    const merged = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    if (served.answered.length === 0 || response.status >= 400) return new Response(response.body, { status: response.status, headers: merged });
    // A batch whose kept messages were all notifications gets 202 and no body from the SDK.
    const answers: unknown[] = response.status === 202 ? [] : [await response.json()].flat();
    merged.set("content-type", "application/json");
    merged.delete("content-length");
    return new Response(JSON.stringify([...answers, ...served.answered]), { status: 200, headers: merged });
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

function jsonRpcAnswer(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", "cache-control": "no-store" } });
}

function refuse(error: WireError): Response {
  return toWebResponse(errorAnswer(error));
}

/** A plain web Response (not srvx's), so the handler works in any server that speaks Request/Response. */
function toWebResponse(answer: Answer, extra: Record<string, string> = {}): Response {
  const headers = { "content-type": "application/json", "cache-control": "no-store", ...answer.headers, ...extra };
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}
