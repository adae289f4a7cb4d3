import { getCookie, getRequestIP, type H3Event } from "h3";
import { clientAddress, isHttps, TRUST_NO_PROXY } from "../trust-proxy.ts";

/** The session cookie's name; its value is the session token (the server stores only its hash). */
export const SESSION_COOKIE = "tk_session";

/** The session token the request carries, or undefined. */
export function readSessionToken(event: H3Event): string | undefined {
  const token = getCookie(event, SESSION_COOKIE);
  return token ? token : undefined;
}

/** Served over HTTPS, directly or behind a trusted proxy (TRUST_PROXY) that says so; then cookies get `Secure`. */
export function isSecureRequest(event: H3Event): boolean {
  const trust = event.context.trustProxy ?? TRUST_NO_PROXY;
  return isHttps(event.url.protocol, getRequestIP(event), event.req.headers.get("x-forwarded-proto"), trust);
}

/**
 * The client address for per-address limits: the peer, or what a trusted proxy forwards (TRUST_PROXY);
 * "unknown" when the runtime gives none (in-process requests).
 */
export function clientIp(event: H3Event): string {
  const trust = event.context.trustProxy ?? TRUST_NO_PROXY;
  return clientAddress(getRequestIP(event), event.req.headers.get("x-forwarded-for"), trust) ?? "unknown";
}

export interface CookieOptions {
  readonly maxAgeSeconds: number;
  readonly path?: string;
}

/** A `Set-Cookie` value: always HttpOnly and SameSite=Lax, Secure over HTTPS. */
export function serializeCookie(event: H3Event, name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path ?? "/"}`, `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`, "HttpOnly", "SameSite=Lax"];
  if (isSecureRequest(event)) parts.push("Secure");
  return parts.join("; ");
}

export const sessionCookie = (event: H3Event, token: string, maxAgeMs: number): string =>
  serializeCookie(event, SESSION_COOKIE, token, { maxAgeSeconds: maxAgeMs / 1000 });

export const clearedSessionCookie = (event: H3Event): string => serializeCookie(event, SESSION_COOKIE, "", { maxAgeSeconds: 0 });
