import { toAccountView } from "../../../domain/account.ts";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import { readJsonFields, refuseNonJsonBody } from "./json-fields.ts";
import { readSessionToken, sessionCookie } from "./session-cookie.ts";
import type { SessionRouteDeps } from "./session-deps.ts";
import { guarded, withSession } from "./with-session.ts";

/** The two-factor routes (shared/contract.md, "Email and accounts"), by operation id. */
export function totpRoutes(deps: SessionRouteDeps) {
  const { security } = deps;
  return {
    startTotpSetup: withSession(deps, async (event, context) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.startTotpSetup.execute({ account: context.account });
      return result.ok ? toSuccessResponse(result.value) : toErrorResponse(result.error);
    }),
    enableTotp: withSession(deps, async (event, context) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.enableTotp.execute({ account: context.account, code: body.value.code });
      return result.ok ? toSuccessResponse({ recoveryCodes: result.value.recoveryCodes }) : toErrorResponse(result.error);
    }),
    disableTotp: withSession(deps, async (event, context) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.disableTotp.execute({ account: context.account, code: body.value.code });
      return result.ok ? toSuccessResponse({ account: toAccountView(result.value) }) : toErrorResponse(result.error);
    }),
    signInWithTotp: guarded(deps, async (event) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.signInWithTotp.execute({
        mfaToken: body.value.mfaToken, code: body.value.code,
        previousToken: readSessionToken(event), userAgent: event.req.headers.get("user-agent") ?? undefined,
      });
      if (!result.ok) return toErrorResponse(result.error);
      const { account, csrfToken, token, maxAgeMs } = result.value;
      return toSuccessResponse({ account, csrfToken }, 200, { "set-cookie": sessionCookie(event, token, maxAgeMs) });
    }),
  };
}
