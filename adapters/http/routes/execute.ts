import { getRouterParam, type H3Event } from "h3";
import type { ExecutionObserver } from "../../../application/ports.ts";
import type { McpToolCallRecord } from "../../mcp/mcp-handler.ts";
import { isPlainObject, type ToolCall } from "../../../application/tool-call.ts";
import { eventCallerSignal } from "../caller-signal.ts";
import { toErrorResponse, toResponse } from "../error-response.ts";
import type { KeyedHandler } from "../protect.ts";
import { readJsonBody } from "../request-body.ts";

declare module "h3" {
  interface H3EventContext {
    /** The error_code of an execute answer the handler built (usage counts it). */
    errorCode?: string;
  }
}

/** The error codes of the only failures withApiKey answers itself after finding a key: its 429, 503 and 500. */
const WRAPPER_CODES: Readonly<Record<number, string>> = { 429: "rate_limited", 503: "service_unavailable", 500: "internal_error" };

const toolIdOf = (event: H3Event): string => getRouterParam(event, "tool", { decode: true }) ?? getRouterParam(event, "slug", { decode: true }) ?? "";

/** POST /execute/:tool and its alias /tools/:tool/execute: reads the body, then the core does the rest. */
export function executeHandler(deps: { toolCall: Pick<ToolCall, "run">; maxBodyBytes: number }): KeyedHandler {
  return async (event, call) => {
    const toolId = toolIdOf(event);
    const body = await readJsonBody(event.req, deps.maxBodyBytes);
    if (!body.ok) {
      event.context.errorCode = body.error.code;
      return toErrorResponse(body.error, call.headers);
    }
    const input = isPlainObject(body.value) ? body.value.input : undefined;
    const answer = await deps.toolCall.run(call, toolId, input, eventCallerSignal(event));
    if (answer.body.status === "error") event.context.errorCode = answer.body.error_code;
    return toResponse(answer);
  };
}

/**
 * The execute route reporting each call of a valid key (the 429 of a spent key included) to `observer` once its answer
 * is built: key, tool, status, error_code, and the time since the request arrived.
 */
export function observedExecute(route: (event: H3Event) => Promise<Response>, observer: ExecutionObserver) {
  return async (event: H3Event): Promise<Response> => {
    const response = await route(event);
    const key = event.context.apiKey;
    if (key) {
      const status = response.status;
      observer.observe({
        keyId: key.id, workspaceId: key.workspaceId, toolId: toolIdOf(event), status,
        errorCode: status < 400 ? undefined : (event.context.errorCode ?? WRAPPER_CODES[status] ?? "internal_error"),
        durationMs: performance.now() - (event.context.startedAt ?? performance.now()),
        transport: "rest",
      });
    }
    return response;
  };
}

/** MCP's tools/call records to the same observer as REST execute calls (and to `also`, the metrics, when given). */
export function observeMcpToolCalls(observer: ExecutionObserver, also?: (record: McpToolCallRecord) => void) {
  return (record: McpToolCallRecord): void => {
    observer.observe({
      keyId: record.keyId, workspaceId: record.workspaceId, toolId: record.toolId, status: record.status,
      errorCode: record.errorCode, durationMs: record.latencyMs, transport: "mcp",
    });
    also?.(record);
  };
}
