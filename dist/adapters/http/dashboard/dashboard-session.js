import { isSameToken } from "../../../domain/session.js";
import { StorageUnavailableError } from "../../../application/storage-unavailable.js";
import { clearedSessionCookie, readSessionToken } from "../session/session-cookie.js";
import { isSameOrigin, readForm } from "./form.js";
import { messagePage } from "./pages/layout.js";
import { htmlResponse, seeOther } from "./responses.js";
import { HOME_PATH, signInPath } from "./return-path.js";
/** Turns storage failures and bugs into HTML pages (the bug is logged once by onBug). */
export function dashboardGuard(deps, handler) {
    return async (event) => {
        try {
            return await handler(event);
        }
        catch (error) {
            if (error instanceof StorageUnavailableError) {
                return htmlResponse(messagePage("Temporarily unavailable", "Storage is unreachable. Try again in a moment."), 503, [["retry-after", "1"]]);
            }
            deps.onBug(error, event);
            return htmlResponse(messagePage("Something went wrong", "An internal error occurred. Try again."), 500);
        }
    };
}
/** The live session, or a 303 to the sign-in page that brings the browser back here afterwards. */
async function resolveOrRedirect(deps, event, returnTo) {
    const token = readSessionToken(event);
    const resolved = await deps.resolveSession.execute({ token });
    if (resolved.ok) {
        event.context.accountId = resolved.value.account.id;
        return resolved.value;
    }
    return seeOther(signInPath(returnTo), token ? [["set-cookie", clearedSessionCookie(event)]] : []);
}
/** A GET page for signed-in accounts only. */
export function dashboardPage(deps, handler) {
    return dashboardGuard(deps, async (event) => {
        const context = await resolveOrRedirect(deps, event, event.url.pathname + event.url.search);
        return context instanceof Response ? context : handler(event, context);
    });
}
/** A form POST for signed-in accounts: same origin, form-encoded, and carrying the session's CSRF token. */
export function dashboardForm(deps, handler) {
    return dashboardGuard(deps, async (event) => {
        const context = await resolveOrRedirect(deps, event, HOME_PATH);
        if (context instanceof Response)
            return context;
        const form = await readForm(event);
        if (!form.ok) {
            const status = form.error === "payload_too_large" ? 413 : 415;
            return htmlResponse(messagePage("Form not accepted", "This form could not be read. Go back and try again."), status);
        }
        if (!isSameOrigin(event) || !isSameToken(context.session.csrfToken, form.value.get("csrf"))) {
            return htmlResponse(messagePage("Form expired", "This form is out of date or came from another site. Go back, reload the page and try again."), 403);
        }
        return handler(event, context, form.value);
    });
}
/** The top bar of a signed-in page. */
export async function loadChrome(deps, context, section) {
    return {
        email: context.account.email,
        csrfToken: context.session.csrfToken,
        workspaces: await deps.listWorkspaces.execute({ accountId: context.account.id }),
        currentWorkspaceId: context.workspace.id,
        section,
    };
}
