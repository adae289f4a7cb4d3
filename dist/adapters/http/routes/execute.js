import { getRouterParam } from "h3";
import { toErrorResponse, toSuccessResponse } from "../error-response.js";
import { readJsonBody, readToolInput } from "../request-body.js";
/** POST /execute/:tool and its alias /tools/:tool/execute. */
export function executeHandler(deps) {
    return async (event) => {
        const toolId = getRouterParam(event, "tool", { decode: true }) ?? "";
        const body = await readJsonBody(event.req, deps.maxBodyBytes);
        if (!body.ok)
            return toErrorResponse(body.error);
        const input = readToolInput(body.value);
        if (!input.ok)
            return toErrorResponse(input.error);
        const result = await deps.executeTool.execute({ toolId, input: input.value });
        return result.ok ? toSuccessResponse({ output: result.value.output }) : toErrorResponse(result.error);
    };
}
