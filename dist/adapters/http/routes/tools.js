import { getRouterParam } from "h3";
import { toolNotFound } from "../../../domain/errors.js";
import { toToolDetail, toToolSummary } from "../../../application/tool-views.js";
import { toErrorResponse, toJsonResponse } from "../error-response.js";
/** The catalog never changes while the server runs, so both views are serialized once. */
export function toolRoutes(catalog) {
    const envelope = (data) => JSON.stringify({ status: "success", code: 200, data });
    const list = envelope({ tools: catalog.list().map(toToolSummary) });
    const details = new Map(catalog.list().map((tool) => [tool.id, envelope({ tool: toToolDetail(tool) })]));
    return {
        list: () => toJsonResponse(list),
        one: (event) => {
            const id = getRouterParam(event, "slug", { decode: true }) ?? "";
            const body = details.get(id);
            return body ? toJsonResponse(body) : toErrorResponse(toolNotFound(id));
        },
    };
}
