import { toAccountView } from "../../../domain/account.js";
import { toWorkspaceView } from "../../../domain/workspace.js";
import { toErrorResponse, toSuccessResponse } from "../error-response.js";
import { readJsonFields, refuseNonJsonBody } from "./json-fields.js";
import { clearedSessionCookie, clientIp, readSessionToken, sessionCookie } from "./session-cookie.js";
import { guarded, withSession } from "./with-session.js";
/** POST /auth/sign-up, /auth/sign-in, /auth/sign-out and GET /auth/session. */
export function authRoutes(deps) {
    const signedIn = (event, value, status) => toSuccessResponse({ account: value.account, csrfToken: value.csrfToken }, status, { "set-cookie": sessionCookie(event, value.token, value.maxAgeMs) });
    const credentials = async (event) => {
        const body = await readJsonFields(event, deps.maxBodyBytes);
        if (!body.ok)
            return body;
        return { ok: true, value: { email: body.value.email, password: body.value.password, ip: clientIp(event), previousToken: readSessionToken(event) } };
    };
    return {
        signUp: guarded(deps, async (event) => {
            const command = await credentials(event);
            if (!command.ok)
                return toErrorResponse(command.error);
            const result = await deps.signUp.execute(command.value);
            return result.ok ? signedIn(event, result.value, 201) : toErrorResponse(result.error);
        }),
        signIn: guarded(deps, async (event) => {
            const command = await credentials(event);
            if (!command.ok)
                return toErrorResponse(command.error);
            const result = await deps.signIn.execute(command.value);
            return result.ok ? signedIn(event, result.value, 200) : toErrorResponse(result.error);
        }),
        signOut: withSession(deps, async (event) => {
            const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
            if (!body.ok)
                return toErrorResponse(body.error);
            await deps.signOut.execute({ token: readSessionToken(event) });
            return toSuccessResponse({ signedOut: true }, 200, { "set-cookie": clearedSessionCookie(event) });
        }),
        session: withSession(deps, (_event, context) => toSuccessResponse({
            account: toAccountView(context.account),
            workspace: toWorkspaceView(context.workspace),
            csrfToken: context.session.csrfToken,
        })),
    };
}
