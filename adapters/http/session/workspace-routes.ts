import { getRouterParam, type H3Event } from "h3";
import { toWorkspaceView } from "../../../domain/workspace.ts";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import { readJsonFields, refuseNonJsonBody } from "./json-fields.ts";
import type { SessionRouteDeps } from "./session-deps.ts";
import { withSession } from "./with-session.ts";

const param = (event: H3Event, name: string): string => getRouterParam(event, name, { decode: true }) ?? "";
/** A query parameter as sent; an empty one counts as absent. */
const query = (event: H3Event, name: string): string | undefined => event.url.searchParams.get(name) || undefined;

/** The workspace routes of the session API; every one needs a session, and membership of the workspace. */
export function workspaceRoutes(deps: SessionRouteDeps) {
  return {
    list: withSession(deps, async (_event, { account }) => {
      const entries = await deps.listWorkspaces.execute({ accountId: account.id });
      return toSuccessResponse({ workspaces: entries.map((entry) => toWorkspaceView(entry.workspace)) });
    }),
    create: withSession(deps, async (event, { account }) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await deps.createWorkspace.execute({ accountId: account.id, name: body.value.name });
      return result.ok ? toSuccessResponse({ workspace: toWorkspaceView(result.value) }, 201) : toErrorResponse(result.error);
    }),
    rename: withSession(deps, async (event, { account }) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await deps.renameWorkspace.execute({ accountId: account.id, workspaceId: param(event, "id"), name: body.value.name });
      return result.ok ? toSuccessResponse({ workspace: toWorkspaceView(result.value) }) : toErrorResponse(result.error);
    }),
    members: withSession(deps, async (event, { account }) => {
      const result = await deps.listMembers.execute({ accountId: account.id, workspaceId: param(event, "id") });
      return result.ok ? toSuccessResponse({ members: result.value }) : toErrorResponse(result.error);
    }),
    audit: withSession(deps, async (event, { account }) => {
      const result = await deps.listAudit.execute({
        accountId: account.id, workspaceId: param(event, "id"), cursor: query(event, "cursor"), limit: query(event, "limit"),
      });
      return result.ok ? toSuccessResponse(result.value) : toErrorResponse(result.error);
    }),
    keys: withSession(deps, async (event, { account }) => {
      const result = await deps.listWorkspaceKeys.execute({ accountId: account.id, workspaceId: param(event, "id") });
      return result.ok ? toSuccessResponse({ keys: result.value }) : toErrorResponse(result.error);
    }),
    revokeKey: withSession(deps, async (event, { account }) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const command = { accountId: account.id, workspaceId: param(event, "id"), keyId: param(event, "keyId") };
      const result = await deps.revokeWorkspaceKey.execute(command);
      return result.ok ? toSuccessResponse({ key: result.value }) : toErrorResponse(result.error);
    }),
  };
}
