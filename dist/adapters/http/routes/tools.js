import { getRouterParam } from "h3";
import { toolNotFound } from "../../../domain/errors.js";
import { toErrorResponse, toJsonResponse } from "../error-response.js";
/** The list view of a tool: GET /tools. */
export function toToolSummary(tool) {
    return {
        id: tool.id,
        name: tool.name,
        category: tool.category,
        description: tool.description,
        clientOnly: tool.clientOnly,
        inputSchema: tool.clientOnly ? null : tool.input,
    };
}
/** The full view of a tool: GET /tools/:tool. */
export function toToolDetail(tool) {
    if (tool.clientOnly)
        return { ...toToolSummary(tool), outputSchema: null, examples: [] };
    const examples = tool.examples.map(({ title, input, output }) => ({ title, input, output: output ?? null }));
    return { ...toToolSummary(tool), outputSchema: tool.output, examples };
}
/** The catalog never changes while the server runs, so both views are serialized once. */
export function toolRoutes(catalog) {
    const envelope = (data) => JSON.stringify({ status: "success", code: 200, data });
    const list = envelope({ tools: catalog.list().map(toToolSummary) });
    const details = new Map(catalog.list().map((tool) => [tool.id, envelope({ tool: toToolDetail(tool) })]));
    return {
        list: () => toJsonResponse(list),
        one: (event) => {
            const id = getRouterParam(event, "tool", { decode: true }) ?? "";
            const body = details.get(id);
            return body ? toJsonResponse(body) : toErrorResponse(toolNotFound(id));
        },
    };
}
