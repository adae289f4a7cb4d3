import { type H3Event } from "h3";
/** The session cookie's name; its value is the session token (the server stores only its hash). */
export declare const SESSION_COOKIE = "tk_session";
/** The session token the request carries, or undefined. */
export declare function readSessionToken(event: H3Event): string | undefined;
/** Served over HTTPS, directly or behind a trusted proxy (TRUST_PROXY) that says so; then cookies get `Secure`. */
export declare function isSecureRequest(event: H3Event): boolean;
/**
 * The client address for per-address limits: the peer, or what a trusted proxy forwards (TRUST_PROXY);
 * "unknown" when the runtime gives none (in-process requests).
 */
export declare function clientIp(event: H3Event): string;
export interface CookieOptions {
    readonly maxAgeSeconds: number;
    readonly path?: string;
}
/** A `Set-Cookie` value: always HttpOnly and SameSite=Lax, Secure over HTTPS. */
export declare function serializeCookie(event: H3Event, name: string, value: string, options: CookieOptions): string;
export declare const sessionCookie: (event: H3Event, token: string, maxAgeMs: number) => string;
export declare const clearedSessionCookie: (event: H3Event) => string;
