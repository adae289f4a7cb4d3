import { getRouterParam, type H3Event } from "h3";
import { toAcceptUrl } from "../../../domain/invitation.ts";
import { toWorkspaceView } from "../../../domain/workspace.ts";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import { readJsonFields, refuseNonJsonBody } from "./json-fields.ts";
import { linkOrigin, type RouteSpec, type SessionRouteDeps } from "./session-deps.ts";
import { withSession } from "./with-session.ts";

const param = (event: H3Event, name: string): string => getRouterParam(event, name, { decode: true }) ?? "";

/** Roles, removal and invitations of the session API (shared/contract.md, "Members and invitations"). */
export function memberHandlers(deps: SessionRouteDeps) {
  return {
    changeMemberRole: withSession(deps, async (event, { account }) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await deps.changeMemberRole.execute({
        accountId: account.id, workspaceId: param(event, "id"), memberAccountId: param(event, "accountId"), role: body.value.role,
      });
      return result.ok ? toSuccessResponse({ member: result.value }) : toErrorResponse(result.error);
    }),
    removeMember: withSession(deps, async (event, { account }) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await deps.removeMember.execute({ accountId: account.id, workspaceId: param(event, "id"), memberAccountId: param(event, "accountId") });
      return result.ok ? toSuccessResponse({ member: result.value }) : toErrorResponse(result.error);
    }),
    createInvitation: withSession(deps, async (event, { account }) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await deps.inviteMember.execute({ accountId: account.id, workspaceId: param(event, "id"), email: body.value.email, role: body.value.role });
      if (!result.ok) return toErrorResponse(result.error);
      return toSuccessResponse({ invitation: result.value.invitation, acceptUrl: toAcceptUrl(linkOrigin(deps, event), result.value.token) }, 201);
    }),
    listInvitations: withSession(deps, async (event, { account }) => {
      const result = await deps.listInvitations.execute({ accountId: account.id, workspaceId: param(event, "id") });
      return result.ok ? toSuccessResponse({ invitations: result.value }) : toErrorResponse(result.error);
    }),
    revokeInvitation: withSession(deps, async (event, { account }) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await deps.revokeInvitation.execute({ accountId: account.id, workspaceId: param(event, "id"), invitationId: param(event, "invitationId") });
      return result.ok ? toSuccessResponse({ invitation: result.value }) : toErrorResponse(result.error);
    }),
    acceptInvitation: withSession(deps, async (event, { account }) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await deps.acceptInvitation.execute({ accountId: account.id, token: body.value.token });
      return result.ok ? toSuccessResponse({ workspace: toWorkspaceView(result.value) }) : toErrorResponse(result.error);
    }),
  } satisfies Record<string, RouteSpec[2]>;
}
