import { getRouterParam, type H3Event } from "h3";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import { refuseNonJsonBody } from "./json-fields.ts";
import type { RouteSpec, SessionRouteDeps } from "./session-deps.ts";
import { withSession } from "./with-session.ts";

const param = (event: H3Event, name: string): string => getRouterParam(event, name, { decode: true }) ?? "";

/** GET/POST/DELETE /workspaces/{id}/packs[/{packId}]: which tool packs a workspace has enabled. */
export function packHandlers(deps: SessionRouteDeps) {
  const { listWorkspacePacks: list, enableWorkspacePack: enable, disableWorkspacePack: disable } = deps;
  const change = (useCase: typeof enable | typeof disable) => withSession(deps, async (event, { account }) => {
    const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
    if (!body.ok) return toErrorResponse(body.error);
    const result = await useCase.execute({ accountId: account.id, workspaceId: param(event, "id"), packId: param(event, "packId") });
    return result.ok ? toSuccessResponse({ packs: result.value }) : toErrorResponse(result.error);
  });
  return {
    listWorkspacePacks: withSession(deps, async (event, { account }) => {
      const result = await list.execute({ accountId: account.id, workspaceId: param(event, "id") });
      return result.ok ? toSuccessResponse({ packs: result.value }) : toErrorResponse(result.error);
    }),
    enableWorkspacePack: change(enable),
    disableWorkspacePack: change(disable),
  } satisfies Record<string, RouteSpec[2]>;
}
