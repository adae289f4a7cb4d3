import { randomBytes } from "node:crypto";
import { getCookie } from "h3";
import { isSameToken } from "../../../domain/session.js";
import { serializeCookie } from "../session/session-cookie.js";
/** Before sign-in there is no session to hold a CSRF token, so the sign-in and sign-up forms double-submit one. */
const FORM_COOKIE = "tk_form";
const FORM_COOKIE_MAX_AGE_SECONDS = 12 * 3600;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The anonymous form token: the browser's existing one, or a new one with the cookie that carries it. */
export function anonymousFormToken(event) {
    const existing = getCookie(event, FORM_COOKIE);
    if (existing && TOKEN_PATTERN.test(existing))
        return { token: existing, setCookie: [] };
    const token = randomBytes(32).toString("base64url");
    const cookie = serializeCookie(event, FORM_COOKIE, token, { maxAgeSeconds: FORM_COOKIE_MAX_AGE_SECONDS, path: "/dashboard" });
    return { token, setCookie: [["set-cookie", cookie]] };
}
/** Whether the form's token matches the cookie's: a cross-site page can send the cookie but cannot read it. */
export function isAnonymousFormValid(event, form) {
    const cookie = getCookie(event, FORM_COOKIE);
    return Boolean(cookie && TOKEN_PATTERN.test(cookie) && isSameToken(cookie, form.get("csrf")));
}
