import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import type { H3EventContext, H3Route } from "h3";
import type { ExecutionObserver } from "../../application/ports.ts";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import { isPlainObject, storageUnavailableAnswer, type ToolCall } from "../../application/tool-call.ts";
import { type Answer, errorAnswer } from "../../domain/answer.ts";
import { inCheckPhase } from "../check-phase.ts";
import type { Logger } from "../logger.ts";
import type { RequestObserver } from "../metrics/http-metrics.ts";
import { callerSignalOf } from "./caller-signal.ts";
import { apiKeyOf } from "./read-api-key.ts";
import { readNodeJsonBody } from "./request-body.ts";
import { type RequestLines, traceNodeResponse } from "./request-log.ts";
import { toRequestId } from "./request-state.ts";
import { isHttps, TRUST_NO_PROXY, type TrustProxy } from "./trust-proxy.ts";

export interface LeanExecuteDeps {
  readonly toolCall: Pick<ToolCall, "authorize" | "run">;
  readonly observer: ExecutionObserver;
  readonly maxBodyBytes: number;
  readonly requestLines: RequestLines;
  /** Bugs, as the app's onBug logs them. */
  readonly logger: Logger;
  readonly observe?: RequestObserver;
  readonly trustProxy?: TrustProxy;
}

/** Serves the request and returns true, or returns false: not an execute call this path takes (h3 serves it). */
export type LeanHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * `POST /api/v1/execute/:tool` and `POST /api/v1/tools/:slug/execute`, the same as h3's route for them (createApp:
 * withApiKey, executeHandler, observedExecute, the request log, metrics, usage) but on node:http's request and
 * response themselves. h3's generic path wraps each request in a web Request, an event, a router match and a
 * FastResponse converted back; for execute that path cost more than the rest of the request (see bench/README.md).
 * Only plain paths are taken here (no query, no percent-encoding, no dot segment, an ordinary Host): anything else
 * goes to h3, which answers it as before. The wire rules (reason phrases, keep-alive when answered before the body
 * is read) stay in wire.ts's response class, which every answer passes through.
 */
export function leanExecute(deps: LeanExecuteDeps): LeanHandler {
  const trustProxy = deps.trustProxy ?? TRUST_NO_PROXY;
  return (req, res) => {
    if (req.method !== "POST") return false;
    const path = req.url ?? "";
    const match = EXECUTE_PATH.exec(path);
    if (match === null || !PLAIN_HOST.test(req.headers.host ?? "")) return false;
    const toolId = match[1] ?? match[2];
    const context: H3EventContext = {
      requestId: toRequestId(headerText(req.headers["x-request-id"])),
      startedAt: performance.now(),
      trustProxy,
      matchedRoute: match[1] === undefined ? BY_SLUG : BY_TOOL,
      params: match[1] === undefined ? { slug: toolId } : { tool: toolId },
    };
    const https = isHttps((req.socket as TLSSocket).encrypted ? "https:" : "http:", req.socket.remoteAddress, headerText(req.headers["x-forwarded-proto"]), trustProxy);
    traceNodeResponse(res, context, "POST", path, https, deps.requestLines, deps.observe);
    answer(deps, req, res, context, toolId).then(
      (reply) => inCheckPhase(() => send(res, reply)),
      (error: unknown) => {
        deps.logger.error({ requestId: context.requestId, err: error }, "unhandled error");
        inCheckPhase(() => send(res, errorAnswer(INTERNAL_ERROR)));
      },
    );
    return true;
  };
}

const EXECUTE_PATH = /^\/api\/v1\/(?:execute\/([A-Za-z0-9_][A-Za-z0-9._-]*)|tools\/([A-Za-z0-9_][A-Za-z0-9._-]*)\/execute)$/;
/** A Host srvx builds a URL from without surprise; any other goes through h3, which decides what it means. */
const PLAIN_HOST = /^[A-Za-z0-9.-]*(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;
const BY_TOOL = { route: "/api/v1/execute/:tool", method: "POST" } as H3Route;
const BY_SLUG = { route: "/api/v1/tools/:slug/execute", method: "POST" } as H3Route;
const INTERNAL_ERROR = { code: "internal_error", message: "An internal error occurred." } as const;
/** What withApiKey answers itself after finding a key, as observedExecute names them for usage. */
const WRAPPER_CODES: Readonly<Record<number, string>> = { 429: "rate_limited", 503: "service_unavailable", 500: "internal_error" };

const headerText = (value: string | string[] | undefined): string | null => (typeof value === "string" ? value : null);

/** withApiKey, executeHandler and observedExecute in one: the contract's order, the same answers and records. */
async function answer(deps: LeanExecuteDeps, req: IncomingMessage, res: ServerResponse, context: H3EventContext, toolId: string): Promise<Answer> {
  const reply = await authorizedRun(deps, req, res, context, toolId);
  const key = context.apiKey;
  if (key) {
    const status = reply.status;
    deps.observer.observe({
      keyId: key.id, workspaceId: key.workspaceId, toolId, status,
      errorCode: status < 400 ? undefined : (context.errorCode ?? WRAPPER_CODES[status] ?? "internal_error"),
      durationMs: performance.now() - (context.startedAt as number),
      transport: "rest",
    });
  }
  return reply;
}

async function authorizedRun(deps: LeanExecuteDeps, req: IncomingMessage, res: ServerResponse, context: H3EventContext, toolId: string): Promise<Answer> {
  let headers: Record<string, string> = {};
  try {
    const authorized = await deps.toolCall.authorize(apiKeyOf(headerText(req.headers["x-api-key"]), headerText(req.headers.authorization)));
    if (!authorized.ok) {
      context.authFailure = authorized.authFailure;
      context.keyId = authorized.key?.id;
      context.apiKey = authorized.key;
      return authorized.answer;
    }
    const { call } = authorized;
    context.keyId = call.key.id;
    context.apiKey = call.key;
    headers = call.headers;
    const read = readNodeJsonBody(req, deps.maxBodyBytes);
    const body = read instanceof Promise ? await read : read;
    if (!body.ok) {
      context.errorCode = body.error.code;
      return errorAnswer(body.error, call.headers);
    }
    const input = isPlainObject(body.value) ? body.value.input : undefined;
    const reply = await deps.toolCall.run(call, toolId, input, callerSignalOf(res));
    if (reply.body.status === "error") context.errorCode = reply.body.error_code;
    return reply;
  } catch (error) {
    if (error instanceof StorageUnavailableError) {
      context.storageFailed = true;
      return storageUnavailableAnswer();
    }
    deps.logger.error({ requestId: context.requestId, err: error }, "unhandled error");
    return errorAnswer(INTERNAL_ERROR, headers);
  }
}

/** The answer as error-response.ts's toResponse and srvx would write it: JSON, no-store, its length, its headers. */
function send(res: ServerResponse, reply: Answer): void {
  const json = JSON.stringify(reply.body);
  const fields = ["content-type", "application/json", "cache-control", "no-store"];
  const { headers } = reply;
  for (const name in headers) fields.push(name, headers[name]);
  fields.push("content-length", String(Buffer.byteLength(json)));
  res.writeHead(reply.status, fields).end(json);
}
