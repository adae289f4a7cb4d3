import type { H3Event } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import { isSameToken } from "../../../domain/session.ts";
import type { Workspace } from "../../../domain/workspace.ts";
import { clearedSessionCookie, readSessionToken } from "../session/session-cookie.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { guardWith } from "../failure-guard.ts";
import { isSameOrigin, readForm } from "./form.ts";
import { readWorkspaceFormToken, workspaceFormToken } from "./form-token.ts";
import type { Chrome } from "./pages/layout.ts";
import { messagePage } from "./pages/layout.ts";
import { htmlResponse, seeOther } from "./responses.ts";
import { HOME_PATH, signInPath } from "./return-path.ts";

export type PageHandler = (event: H3Event, context: SessionContext) => Promise<Response>;
export type FormHandler = (event: H3Event, context: SessionContext, form: URLSearchParams) => Promise<Response>;
type Deps = Pick<SessionRouteDeps, "resolveSession" | "listWorkspaces" | "onBug">;
type FormDeps = Deps & Pick<SessionRouteDeps, "countSessionWrite">;

/** How a form POST relates to the workspace its page showed. */
export interface DashboardFormOptions {
  /**
   * true (the default): the form acts on the workspace its page was rendered for, and is refused in any other (the
   * account left it: 403; the session has moved to another: 409). false: it names its own target (switch, create,
   * rename, accept an invitation) and may be posted from a page of any workspace.
   */
  readonly boundToWorkspace?: boolean;
}

/** Turns storage failures and bugs into HTML pages (the bug is logged once by onBug). */
export function dashboardGuard(deps: Pick<SessionRouteDeps, "onBug">, handler: (event: H3Event) => Promise<Response>) {
  return guardWith(deps, {
    unavailable: () => htmlResponse(messagePage("Temporarily unavailable", "Storage is unreachable. Try again in a moment."), 503, [["retry-after", "1"]]),
    bug: () => htmlResponse(messagePage("Something went wrong", "An internal error occurred. Try again."), 500),
  }, handler);
}

/**
 * The live session, or a 303 to the sign-in page that brings the browser back here afterwards. Every dashboard answer
 * is a page, so this is where a lost workspace's one-time notice is spent (showsLostAccess), never in a JSON call.
 */
async function resolveOrRedirect(deps: Deps, event: H3Event, returnTo: string): Promise<SessionContext | Response> {
  const token = readSessionToken(event);
  const resolved = await deps.resolveSession.execute({ token, showsLostAccess: true });
  if (resolved.ok) {
    event.context.accountId = resolved.value.account.id;
    return resolved.value;
  }
  return seeOther(signInPath(returnTo), token ? [["set-cookie", clearedSessionCookie(event)]] : []);
}

/** A GET page for signed-in accounts only. */
export function dashboardPage(deps: Deps, handler: PageHandler) {
  return dashboardGuard(deps, async (event) => {
    const context = await resolveOrRedirect(deps, event, event.url.pathname + event.url.search);
    if (context instanceof Response) return context;
    return context.lostAccessTo ? lostAccessPage(deps, context, context.lostAccessTo) : handler(event, context);
  });
}

/**
 * 403 for the first request after the account was removed from the session's workspace: a page or form of that
 * workspace is refused, never applied to the workspace the session falls back to (shown here, current from now on).
 */
async function lostAccessPage(deps: Deps, context: SessionContext, lost: Workspace): Promise<Response> {
  const message = `You are no longer a member of “${lost.name}”: an owner or admin removed you, so nothing of it is shown or changed. You are now in “${context.workspace.name}”.`;
  return htmlResponse(messagePage("No access to this workspace", message, await loadChrome(deps, context, "keys")), 403);
}

/**
 * A form POST for signed-in accounts: same origin, form-encoded, carrying the session's CSRF token, and (unless
 * `boundToWorkspace: false`) posted in the workspace its page was rendered for.
 */
export function dashboardForm(deps: FormDeps, handler: FormHandler, options: DashboardFormOptions = {}) {
  return dashboardGuard(deps, async (event) => {
    const context = await resolveOrRedirect(deps, event, HOME_PATH);
    if (context instanceof Response) return context;
    if (context.lostAccessTo) return lostAccessPage(deps, context, context.lostAccessTo);
    const form = await readForm(event);
    if (!form.ok) {
      const status = form.error === "payload_too_large" ? 413 : 415;
      return htmlResponse(messagePage("Form not accepted", "This form could not be read. Go back and try again."), status);
    }
    const posted = readWorkspaceFormToken(form.value.get("csrf"));
    if (!isSameOrigin(event) || !isSameToken(context.session.csrfToken, posted.csrf)) {
      return htmlResponse(messagePage("Form expired", "This form is out of date or came from another site. Go back, reload the page and try again."), 403);
    }
    if (options.boundToWorkspace !== false && posted.workspaceId !== undefined && posted.workspaceId !== context.workspace.id) {
      return formOfAnotherWorkspace(deps, context, posted.workspaceId);
    }
    // The session API's per-account write limit, shared: forms and JSON calls draw on one budget.
    const allowed = await deps.countSessionWrite.execute({ accountId: context.account.id });
    if (!allowed.ok) {
      const seconds = Math.max(1, Math.ceil(("retryAfterMs" in allowed.error ? allowed.error.retryAfterMs : 1000) / 1000));
      return htmlResponse(messagePage("Too many changes", `Too many changes in a short time. Try again in ${seconds} seconds.`), 429, [["retry-after", String(seconds)]]);
    }
    return handler(event, context, form.value);
  });
}

/**
 * The answer to a form rendered for workspace `formWorkspaceId` and posted while the session is in another: nothing is
 * applied, here or there. 403 when the account is no longer a member of it, 409 when the session has since moved.
 */
async function formOfAnotherWorkspace(deps: Deps, context: SessionContext, formWorkspaceId: string): Promise<Response> {
  const chrome = await loadChrome(deps, context, "keys");
  const entry = chrome.workspaces.find((one) => one.workspace.id === formWorkspaceId);
  if (!entry) {
    const message = `This form was for a workspace you are no longer a member of (an owner or admin removed you), so nothing was changed, there or in “${context.workspace.name}”.`;
    return htmlResponse(messagePage("No access to this workspace", message, chrome), 403);
  }
  const message = `This form was for “${entry.workspace.name}”, but you are now working in “${context.workspace.name}” (switched in another window?), so nothing was changed. Switch back, reload the page and try again.`;
  return htmlResponse(messagePage("This form is for another workspace", message, chrome), 409);
}

/** The top bar of a signed-in page. */
export async function loadChrome(deps: Pick<Deps, "listWorkspaces">, context: SessionContext, section: Chrome["section"]): Promise<Chrome> {
  return {
    email: context.account.email,
    // Every form of the page carries it: bound to the workspace shown, so dashboardForm can refuse it in any other.
    csrfToken: workspaceFormToken(context.session.csrfToken, context.workspace.id),
    workspaces: await deps.listWorkspaces.execute({ accountId: context.account.id }),
    currentWorkspaceId: context.workspace.id,
    section,
  };
}
