import { getRouterParam, type H3Event } from "h3";
import { notFound } from "../../../domain/errors.ts";
import type { InstalledPack } from "../../../domain/tool-pack.ts";
import { toErrorResponse, toJsonResponse } from "../error-response.ts";

export const toPackSummary = (pack: InstalledPack) => ({
  id: pack.id, name: pack.name, version: pack.version, description: pack.description, builtIn: pack.builtIn, tools: pack.tools.map((tool) => tool.id),
});

export function toPackDetail(pack: InstalledPack) {
  const tools = pack.tools.map((tool) => ({
    id: tool.id, name: tool.name, description: tool.description, inputSchema: tool.input, outputSchema: tool.output,
    examples: tool.examples.map(({ title, input, output }) => ({ title, input, output: output ?? null })),
  }));
  return { ...toPackSummary(pack), tools };
}

/** GET /marketplace/packs and /marketplace/packs/{id}; packs never change while the server runs, so both are serialized once. */
export function marketplaceRoutes(packs: readonly InstalledPack[]) {
  const envelope = (data: unknown) => JSON.stringify({ status: "success", code: 200, data });
  const list = envelope({ packs: packs.map(toPackSummary) });
  const details = new Map(packs.map((pack) => [pack.id, envelope({ pack: toPackDetail(pack) })]));
  return {
    list: () => toJsonResponse(list),
    one: (event: H3Event) => {
      const id = getRouterParam(event, "id", { decode: true }) ?? "";
      const body = details.get(id);
      return body ? toJsonResponse(body) : toErrorResponse(notFound(`No installed pack has the id '${id}'.`));
    },
  };
}
