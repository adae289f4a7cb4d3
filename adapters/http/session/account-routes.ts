import { getRouterParam } from "h3";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import { readJsonFields, refuseNonJsonBody } from "./json-fields.ts";
import { clearedSessionCookie, clientIp } from "./session-cookie.ts";
import type { SessionRouteDeps } from "./session-deps.ts";
import { withSession } from "./with-session.ts";

/** Password change, the account's sessions and account deletion (shared/contract.md, "Email and accounts"), by operation id. */
export function accountRoutes(deps: SessionRouteDeps) {
  const { security } = deps;
  return {
    changePassword: withSession(deps, async (event, { account, session }) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.changePassword.execute({
        account, session, currentPassword: body.value.currentPassword, newPassword: body.value.newPassword, ip: clientIp(event),
      });
      return result.ok ? toSuccessResponse({ account: result.value }) : toErrorResponse(result.error);
    }),
    listAccountSessions: withSession(deps, async (_event, { account, session }) =>
      toSuccessResponse({ sessions: await security.listSessions.execute({ account, session }) })),
    endOtherSessions: withSession(deps, async (event, { account, session }) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      return toSuccessResponse(await security.endOtherSessions.execute({ account, session }));
    }),
    endAccountSession: withSession(deps, async (event, { account, session }) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const sessionId = getRouterParam(event, "id", { decode: true }) ?? "";
      const result = await security.endSession.execute({ account, session, sessionId });
      if (!result.ok) return toErrorResponse(result.error);
      // Ending one's own session is signing out: the browser stops sending the dead cookie.
      const headers: Record<string, string> = result.value.current ? { "set-cookie": clearedSessionCookie(event) } : {};
      return toSuccessResponse({ ended: true, session: result.value }, 200, headers);
    }),
    deleteAccount: withSession(deps, async (event, { account }) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.deleteAccount.execute({ account, password: body.value.password, ip: clientIp(event) });
      if (!result.ok) return toErrorResponse(result.error);
      return toSuccessResponse(result.value, 200, { "set-cookie": clearedSessionCookie(event) });
    }),
  };
}
