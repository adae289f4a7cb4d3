import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import { readJsonFields, refuseNonJsonBody } from "./json-fields.ts";
import { clientIp } from "./session-cookie.ts";
import type { SessionRouteDeps } from "./session-deps.ts";
import { guarded, withSession } from "./with-session.ts";

/** What every accepted reset request answers, whether or not the address has an account. */
export const RESET_REQUESTED = {
  message: "If an account has this email address, a link to reset its password was sent to it. The link works once, for 1 hour.",
} as const;

/** Password reset and email verification (shared/contract.md, "Email and accounts"), by operation id. */
export function resetRoutes(deps: SessionRouteDeps) {
  const { security } = deps;
  return {
    requestPasswordReset: guarded(deps, async (event) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.requestPasswordReset.execute({ email: body.value.email, ip: clientIp(event) });
      return result.ok ? toSuccessResponse(RESET_REQUESTED, 202) : toErrorResponse(result.error);
    }),
    confirmPasswordReset: guarded(deps, async (event) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const { token, password } = body.value;
      const result = await security.confirmPasswordReset.execute({ token, password, ip: clientIp(event) });
      return result.ok ? toSuccessResponse({ account: result.value }) : toErrorResponse(result.error);
    }),
    sendEmailVerification: withSession(deps, async (event, context) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.sendEmailVerification.execute({ account: context.account });
      return result.ok ? toSuccessResponse(result.value, 202) : toErrorResponse(result.error);
    }),
    confirmEmailVerification: guarded(deps, async (event) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const result = await security.confirmEmailVerification.execute({ token: body.value.token });
      return result.ok ? toSuccessResponse({ account: result.value }) : toErrorResponse(result.error);
    }),
  };
}
