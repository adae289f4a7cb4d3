import { getRouterParam } from "h3";
import { isPlainObject, type ToolCall } from "../../../application/tool-call.ts";
import { toErrorResponse, toResponse } from "../error-response.ts";
import type { KeyedHandler } from "../protect.ts";
import { readJsonBody } from "../request-body.ts";

/** POST /execute/:tool and its alias /tools/:tool/execute: reads the body, then the core does the rest. */
export function executeHandler(deps: { toolCall: Pick<ToolCall, "run">; maxBodyBytes: number }): KeyedHandler {
  return async (event, call) => {
    const toolId = getRouterParam(event, "tool", { decode: true }) ?? getRouterParam(event, "slug", { decode: true }) ?? "";
    const body = await readJsonBody(event.req, deps.maxBodyBytes);
    if (!body.ok) return toErrorResponse(body.error, call.headers);
    const input = isPlainObject(body.value) ? body.value.input : undefined;
    return toResponse(await deps.toolCall.run(call, toolId, input));
  };
}
