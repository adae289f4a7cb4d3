import { getRouterParam } from "h3";
import type { ExecuteTool } from "../../../application/execute-tool.ts";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import type { KeyedHandler } from "../protect.ts";
import { readJsonBody, readToolInput } from "../request-body.ts";

/** POST /execute/:tool and its alias /tools/:tool/execute. */
export function executeHandler(deps: { executeTool: ExecuteTool; maxBodyBytes: number }): KeyedHandler {
  return async (event, key) => {
    const toolId = getRouterParam(event, "tool", { decode: true }) ?? "";
    const body = await readJsonBody(event.req, deps.maxBodyBytes);
    if (!body.ok) return toErrorResponse(body.error);
    const input = readToolInput(body.value);
    if (!input.ok) return toErrorResponse(input.error);
    const result = await deps.executeTool.execute({ toolId, input: input.value, key });
    return result.ok ? toSuccessResponse({ output: result.value.output }) : toErrorResponse(result.error);
  };
}
