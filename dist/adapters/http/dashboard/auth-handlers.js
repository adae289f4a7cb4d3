import { isSameToken } from "../../../domain/session.js";
import { clearedSessionCookie, clientIp, readSessionToken, sessionCookie } from "../session/session-cookie.js";
import { dashboardGuard } from "./dashboard-session.js";
import { isSameOrigin, readForm } from "./form.js";
import { anonymousFormToken, isAnonymousFormValid } from "./form-token.js";
import { signInPage, signUpPage } from "./pages/auth-pages.js";
import { htmlResponse, seeOther } from "./responses.js";
import { safeReturnPath } from "./return-path.js";
const PAGES = { "sign-in": signInPage, "sign-up": signUpPage };
/** The sign-in and sign-up pages and forms, and sign-out. */
export function authHandlers(deps) {
    const show = (mode) => dashboardGuard(deps, async (event) => {
        const next = safeReturnPath(event.url.searchParams.get("next"));
        const current = await deps.resolveSession.execute({ token: readSessionToken(event) });
        if (current.ok)
            return seeOther(next);
        const form = anonymousFormToken(event);
        return htmlResponse(PAGES[mode]({ csrf: form.token, next }), 200, form.setCookie);
    });
    const submit = (mode) => dashboardGuard(deps, async (event) => {
        const form = await readForm(event);
        const values = form.ok ? form.value : new URLSearchParams();
        const next = safeReturnPath(values.get("next"));
        const email = values.get("email") ?? "";
        const again = (status, state, headers = []) => {
            const token = anonymousFormToken(event);
            return htmlResponse(PAGES[mode]({ csrf: token.token, next, email, ...state }), status, [...token.setCookie, ...headers]);
        };
        if (!form.ok)
            return again(form.error === "payload_too_large" ? 413 : 415, { error: "This form could not be read. Try again." });
        if (!isSameOrigin(event) || !isAnonymousFormValid(event, values)) {
            return again(403, { error: "This form expired. Please try again." });
        }
        const command = { email, password: values.get("password") ?? "", ip: clientIp(event), previousToken: readSessionToken(event) };
        const result = mode === "sign-in" ? await deps.signIn.execute(command) : await deps.signUp.execute(command);
        if (result.ok)
            return seeOther(next, [["set-cookie", sessionCookie(event, result.value.token, result.value.maxAgeMs)]]);
        return refusal(result.error, again);
    });
    return {
        signInPage: show("sign-in"),
        signIn: submit("sign-in"),
        signUpPage: show("sign-up"),
        signUp: submit("sign-up"),
        signOut: signOutHandler(deps),
    };
}
const FIELD_LABELS = { "/email": "Email", "/password": "Password" };
/** The form again, with what went wrong: never which of email or password was wrong. */
function refusal(error, again) {
    switch (error.code) {
        case "invalid_input":
            return again(422, {
                error: "Check the highlighted fields.",
                fieldErrors: Object.fromEntries(error.details.map((issue) => [issue.path.slice(1), `${FIELD_LABELS[issue.path] ?? "This field"} ${issue.message}.`])),
            });
        case "invalid_credentials":
            return again(401, { error: error.message });
        case "conflict":
            return again(409, { error: "An account with this email already exists. Sign in instead." });
        case "rate_limited": {
            const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
            const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
            return again(429, { error: `Too many attempts. Try again in ${wait}.` }, [["retry-after", String(seconds)]]);
        }
        default:
            return again(400, { error: error.message });
    }
}
/** POST /dashboard/sign-out: destroys the session and clears the cookie; then the sign-in page. */
function signOutHandler(deps) {
    return dashboardGuard(deps, async (event) => {
        const token = readSessionToken(event);
        const current = await deps.resolveSession.execute({ token });
        const form = await readForm(event);
        const trusted = current.ok && form.ok && isSameOrigin(event) && isSameToken(current.value.session.csrfToken, form.value.get("csrf"));
        // A forged sign-out is refused (it would be a nuisance); an expired session is simply cleared.
        if (current.ok && !trusted)
            return seeOther("/dashboard/keys");
        await deps.signOut.execute({ token });
        return seeOther("/dashboard/sign-in", [["set-cookie", clearedSessionCookie(event)]]);
    });
}
