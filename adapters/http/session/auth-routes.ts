import type { H3Event } from "h3";
import type { MfaChallenge } from "../../../application/mfa-challenge.ts";
import type { SignedIn } from "../../../application/sign-up.ts";
import { toAccountView } from "../../../domain/account.ts";
import { toWorkspaceView } from "../../../domain/workspace.ts";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import { readJsonFields, refuseNonJsonBody } from "./json-fields.ts";
import { clearedSessionCookie, clientIp, readSessionToken, sessionCookie } from "./session-cookie.ts";
import type { SessionRouteDeps } from "./session-deps.ts";
import { guarded, withSession } from "./with-session.ts";

/** POST /auth/sign-up, /auth/sign-in, /auth/sign-out and GET /auth/session. */
export function authRoutes(deps: SessionRouteDeps) {
  const signedIn = (event: H3Event, value: SignedIn, status: number) =>
    toSuccessResponse({ account: value.account, csrfToken: value.csrfToken }, status, { "set-cookie": sessionCookie(event, value.token, value.maxAgeMs) });
  const credentials = async (event: H3Event) => {
    const body = await readJsonFields(event, deps.maxBodyBytes);
    if (!body.ok) return body;
    return { ok: true as const, value: { email: body.value.email, password: body.value.password, ip: clientIp(event), previousToken: readSessionToken(event), userAgent: event.req.headers.get("user-agent") ?? undefined } };
  };
  return {
    signUp: guarded(deps, async (event) => {
      const command = await credentials(event);
      if (!command.ok) return toErrorResponse(command.error);
      const result = await deps.signUp.execute(command.value);
      return result.ok ? signedIn(event, result.value, 201) : toErrorResponse(result.error);
    }),
    signIn: guarded(deps, async (event) => {
      const command = await credentials(event);
      if (!command.ok) return toErrorResponse(command.error);
      const result = await deps.signIn.execute(command.value);
      if (!result.ok) return toErrorResponse(result.error);
      // TOTP on: no session yet, only the token of the second step (POST /auth/sign-in/totp).
      if (result.value.kind === "mfa") return toSuccessResponse(mfaAnswer(result.value));
      return signedIn(event, result.value, 200);
    }),
    signOut: withSession(deps, async (event) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      await deps.signOut.execute({ token: readSessionToken(event) });
      return toSuccessResponse({ signedOut: true }, 200, { "set-cookie": clearedSessionCookie(event) });
    }),
    session: withSession(deps, (_event, context) =>
      toSuccessResponse({
        account: toAccountView(context.account),
        workspace: toWorkspaceView(context.workspace),
        csrfToken: context.session.csrfToken,
      })),
  };
}

/** The sign-in answer when TOTP is on (shared/contract.md): `mfaRequired`, the token, and when it expires. */
export const mfaAnswer = (challenge: MfaChallenge) =>
  ({ mfaRequired: true, mfaToken: challenge.mfaToken, expiresAt: new Date(challenge.expiresAt).toISOString() });
