import { getCookie, getRequestIP } from "h3";
import { clientAddress, isHttps, TRUST_NO_PROXY } from "../trust-proxy.js";
/** The session cookie's name; its value is the session token (the server stores only its hash). */
export const SESSION_COOKIE = "tk_session";
/** The session token the request carries, or undefined. */
export function readSessionToken(event) {
    const token = getCookie(event, SESSION_COOKIE);
    return token ? token : undefined;
}
/** Served over HTTPS, directly or behind a trusted proxy (TRUST_PROXY) that says so; then cookies get `Secure`. */
export function isSecureRequest(event) {
    const trust = event.context.trustProxy ?? TRUST_NO_PROXY;
    return isHttps(event.url.protocol, getRequestIP(event), event.req.headers.get("x-forwarded-proto"), trust);
}
/**
 * The client address for per-address limits: the peer, or what a trusted proxy forwards (TRUST_PROXY);
 * "unknown" when the runtime gives none (in-process requests).
 */
export function clientIp(event) {
    const trust = event.context.trustProxy ?? TRUST_NO_PROXY;
    return clientAddress(getRequestIP(event), event.req.headers.get("x-forwarded-for"), trust) ?? "unknown";
}
/** A `Set-Cookie` value: always HttpOnly and SameSite=Lax, Secure over HTTPS. */
export function serializeCookie(event, name, value, options) {
    const parts = [`${name}=${value}`, `Path=${options.path ?? "/"}`, `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`, "HttpOnly", "SameSite=Lax"];
    if (isSecureRequest(event))
        parts.push("Secure");
    return parts.join("; ");
}
export const sessionCookie = (event, token, maxAgeMs) => serializeCookie(event, SESSION_COOKIE, token, { maxAgeSeconds: maxAgeMs / 1000 });
export const clearedSessionCookie = (event) => serializeCookie(event, SESSION_COOKIE, "", { maxAgeSeconds: 0 });
