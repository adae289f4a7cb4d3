import { isSameToken } from "../../../domain/session.js";
import { StorageUnavailableError } from "../../../application/storage-unavailable.js";
import { toErrorResponse } from "../error-response.js";
import { storageUnavailable } from "../protect.js";
import { clearedSessionCookie, readSessionToken } from "./session-cookie.js";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Session, then CSRF, then the handler: 401 unauthorized, then 403 csrf_failed. Storage down is 503. */
export function withSession(deps, handler) {
    return guarded(deps, async (event) => {
        const token = readSessionToken(event);
        const resolved = await deps.resolveSession.execute({ token });
        if (!resolved.ok) {
            // A stale cookie is cleared so the browser stops sending it.
            return toErrorResponse(resolved.error, token ? { "set-cookie": clearedSessionCookie(event) } : {});
        }
        event.context.accountId = resolved.value.account.id;
        if (!SAFE_METHODS.has(event.req.method) && !isSameToken(resolved.value.session.csrfToken, event.req.headers.get("x-csrf-token"))) {
            return toErrorResponse({ code: "csrf_failed", message: "Send the session's CSRF token in the X-CSRF-Token header." });
        }
        return handler(event, resolved.value);
    });
}
/** Turns storage failures into 503 and bugs into 500, as withApiKey does for keyed routes. */
export function guarded(deps, handler) {
    return async (event) => {
        try {
            return await handler(event);
        }
        catch (error) {
            return error instanceof StorageUnavailableError ? storageUnavailable() : deps.onBug(error, event);
        }
    };
}
