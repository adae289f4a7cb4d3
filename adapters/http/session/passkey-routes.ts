import { getRouterParam, type H3Event } from "h3";
import { listPasskeys } from "../../../application/passkeys.ts";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import { readJsonFields, refuseNonJsonBody } from "./json-fields.ts";
import { clientIp, readSessionToken, sessionCookie } from "./session-cookie.ts";
import type { SessionRouteDeps } from "./session-deps.ts";
import { guarded, withSession } from "./with-session.ts";

/** The passkey routes (shared/contract.md, "Email and accounts"), by operation id. */
export function passkeyRoutes(deps: SessionRouteDeps) {
  const { security } = deps;
  return {
    passkeyRegistrationOptions: withSession(deps, async (event, context) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.passkeyRegistrationOptions.execute({ account: context.account });
      return result.ok ? toSuccessResponse({ options: result.value.options }) : toErrorResponse(result.error);
    }),
    addPasskey: withSession(deps, async (event, context) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.addPasskey.execute({ account: context.account, response: body.value.response, name: body.value.name });
      return result.ok ? toSuccessResponse({ passkey: result.value }, 201) : toErrorResponse(result.error);
    }),
    listPasskeys: withSession(deps, (_event, context) => toSuccessResponse({ passkeys: listPasskeys(context.account) })),
    removePasskey: withSession(deps, async (event, context) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const passkeyId = getRouterParam(event, "id", { decode: true }) ?? "";
      const result = await security.removePasskey.execute({ account: context.account, passkeyId });
      return result.ok ? toSuccessResponse({ removed: true, passkey: result.value }) : toErrorResponse(result.error);
    }),
    passkeyAuthenticationOptions: guarded(deps, async (event) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.passkeyAuthenticationOptions.execute({ ip: clientIp(event) });
      return result.ok ? toSuccessResponse({ options: result.value.options }) : toErrorResponse(result.error);
    }),
    signInWithPasskey: guarded(deps, async (event: H3Event) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.signInWithPasskey.execute({
        response: body.value.response, previousToken: readSessionToken(event), userAgent: event.req.headers.get("user-agent") ?? undefined,
      });
      if (!result.ok) return toErrorResponse(result.error);
      const { account, csrfToken, token, maxAgeMs } = result.value;
      return toSuccessResponse({ account, csrfToken }, 200, { "set-cookie": sessionCookie(event, token, maxAgeMs) });
    }),
  };
}
