import type { H3Event } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import { isSameToken } from "../../../domain/session.ts";
import { toErrorResponse } from "../error-response.ts";
import { storageUnavailable } from "../protect.ts";
import { guardWith } from "../failure-guard.ts";
import type { SessionRouteDeps } from "./session-deps.ts";
import { clearedSessionCookie, readSessionToken } from "./session-cookie.ts";

/** A route handler that runs only for a live session (and, for state-changing methods, the right CSRF token). */
export type SessionHandler = (event: H3Event, context: SessionContext) => Promise<Response> | Response;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Session, then CSRF, then (for state-changing methods) the account's write limit, then the handler: 401
 * unauthorized, 403 csrf_failed, 429 rate_limited with Retry-After. Storage down is 503.
 */
export function withSession(deps: Pick<SessionRouteDeps, "resolveSession" | "countSessionWrite" | "onBug">, handler: SessionHandler) {
  return guarded(deps, async (event) => {
    const token = readSessionToken(event);
    const resolved = await deps.resolveSession.execute({ token });
    if (!resolved.ok) {
      // A stale cookie is cleared so the browser stops sending it.
      return toErrorResponse(resolved.error, token ? { "set-cookie": clearedSessionCookie(event) } : {});
    }
    event.context.accountId = resolved.value.account.id;
    if (SAFE_METHODS.has(event.req.method)) return handler(event, resolved.value);
    if (!isSameToken(resolved.value.session.csrfToken, event.req.headers.get("x-csrf-token"))) {
      return toErrorResponse({ code: "csrf_failed", message: "Send the session's CSRF token in the X-CSRF-Token header." });
    }
    // Counted before the body is read: a refused write costs one counter increment and nothing else.
    const allowed = await deps.countSessionWrite.execute({ accountId: resolved.value.account.id });
    return allowed.ok ? handler(event, resolved.value) : toErrorResponse(allowed.error);
  });
}

/** Turns storage failures into 503 and bugs into 500, as withApiKey does for keyed routes. */
export function guarded(deps: Pick<SessionRouteDeps, "onBug">, handler: (event: H3Event) => Promise<Response>) {
  return guardWith(deps, { unavailable: storageUnavailable }, handler);
}

declare module "h3" {
  interface H3EventContext {
    /** The signed-in account, for the request log. */
    accountId?: string;
  }
}
