import { getRouterParam, type H3Event } from "h3";
import type { ToolCatalog } from "../../../application/ports.ts";
import { toolNotFound } from "../../../domain/errors.ts";
import { toToolDetail, toToolSummary } from "../../../application/tool-views.ts";
import { toErrorResponse, toJsonResponse } from "../error-response.ts";

/** The catalog never changes while the server runs, so both views are serialized once. */
export function toolRoutes(catalog: ToolCatalog) {
  const envelope = (data: unknown) => JSON.stringify({ status: "success", code: 200, data });
  const list = envelope({ tools: catalog.list().map(toToolSummary) });
  const details = new Map(catalog.list().map((tool) => [tool.id, envelope({ tool: toToolDetail(tool) })]));
  return {
    list: () => toJsonResponse(list),
    one: (event: H3Event) => {
      const id = getRouterParam(event, "slug", { decode: true }) ?? "";
      const body = details.get(id);
      return body ? toJsonResponse(body) : toErrorResponse(toolNotFound(id));
    },
  };
}
