import { randomBytes } from "node:crypto";
import { getCookie, type H3Event } from "h3";
import { isSameToken } from "../../../domain/session.ts";
import { serializeCookie } from "../session/session-cookie.ts";

/** Before sign-in there is no session to hold a CSRF token, so the sign-in and sign-up forms double-submit one. */
const FORM_COOKIE = "tk_form";
const FORM_COOKIE_MAX_AGE_SECONDS = 12 * 3600;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The anonymous form token: the browser's existing one, or a new one with the cookie that carries it. */
export function anonymousFormToken(event: H3Event): { token: string; setCookie: readonly (readonly [string, string])[] } {
  const existing = getCookie(event, FORM_COOKIE);
  if (existing && TOKEN_PATTERN.test(existing)) return { token: existing, setCookie: [] };
  const token = randomBytes(32).toString("base64url");
  const cookie = serializeCookie(event, FORM_COOKIE, token, { maxAgeSeconds: FORM_COOKIE_MAX_AGE_SECONDS, path: "/dashboard" });
  return { token, setCookie: [["set-cookie", cookie]] };
}

/** Whether the form's token matches the cookie's: a cross-site page can send the cookie but cannot read it. */
export function isAnonymousFormValid(event: H3Event, form: URLSearchParams): boolean {
  const cookie = getCookie(event, FORM_COOKIE);
  return Boolean(cookie && TOKEN_PATTERN.test(cookie) && isSameToken(cookie, form.get("csrf")));
}

/** Between the session's CSRF token (base64url, never a dot) and the workspace id in a signed-in page's form token. */
const WORKSPACE_MARK = ".";

/**
 * The `csrf` value of a signed-in page's forms: the session's CSRF token bound to the workspace the page was rendered
 * for, so that a form posted after the account left that workspace, or moved to another, is never applied elsewhere.
 */
export function workspaceFormToken(csrfToken: string, workspaceId: string): string {
  return `${csrfToken}${WORKSPACE_MARK}${workspaceId}`;
}

/** A form's `csrf` field read back: the session token it carries, and the workspace it is bound to (undefined: unbound). */
export function readWorkspaceFormToken(value: string | null): { readonly csrf: string | null; readonly workspaceId: string | undefined } {
  const at = value === null ? -1 : value.indexOf(WORKSPACE_MARK);
  if (value === null || at < 0) return { csrf: value, workspaceId: undefined };
  return { csrf: value.slice(0, at), workspaceId: value.slice(at + 1) };
}
