import { getRouterParam } from "h3";
import type { CheckPackAccess } from "../../../application/check-pack-access.ts";
import type { ExecuteTool } from "../../../application/execute-tool.ts";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import type { KeyedHandler } from "../protect.ts";
import { readJsonBody, readToolInput } from "../request-body.ts";

/** POST /execute/:tool and its alias /tools/:tool/execute. */
export function executeHandler(deps: { executeTool: ExecuteTool; maxBodyBytes: number; checkPackAccess?: CheckPackAccess }): KeyedHandler {
  return async (event, key) => {
    const toolId = getRouterParam(event, "tool", { decode: true }) ?? "";
    // After auth and the rate limit (withApiKey), before the body: as forbidden_tool.
    const access = deps.checkPackAccess ? await deps.checkPackAccess.execute({ key, toolId }) : undefined;
    if (access && !access.ok) return toErrorResponse(access.error);
    const body = await readJsonBody(event.req, deps.maxBodyBytes);
    if (!body.ok) return toErrorResponse(body.error);
    const input = readToolInput(body.value);
    if (!input.ok) return toErrorResponse(input.error);
    const result = await deps.executeTool.execute({ toolId, input: input.value });
    return result.ok ? toSuccessResponse({ output: result.value.output }) : toErrorResponse(result.error);
  };
}
