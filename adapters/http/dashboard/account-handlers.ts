import { getRouterParam, type H3Event } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import type { DomainError } from "../../../domain/errors.ts";
import { clearedSessionCookie, clientIp } from "../session/session-cookie.ts";
import { linkOrigin, type SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, dashboardPage, loadChrome } from "./dashboard-session.ts";
import { accountPage, type AccountPageState, deleteAccountPage, type PasswordFormErrors } from "./pages/account-page.ts";
import { htmlResponse, seeOther } from "./responses.ts";

/**
 * The one-time notices the Account page shows after a form's redirect, by the `notice` query value: fixed texts, so
 * a crafted link can show nothing but these. Other sections add theirs here.
 */
export const ACCOUNT_NOTICES: Readonly<Record<string, string>> = {
  "password-changed": "Your password was changed. Every other session of your account was signed out.",
  "session-ended": "The session was ended: that browser is signed out.",
  "sessions-ended": "Every other session was ended: only this browser is still signed in.",
};

/**
 * The answer to an Account page form that worked (Post/Redirect/Get): 303 back to the page, which shows the notice
 * once (a reload of the page keeps it: it is in the URL, never in storage), scrolled to `section` (its element id).
 */
export function accountRedirect(notice?: string, section?: string): Response {
  const query = notice ? `?notice=${encodeURIComponent(notice)}` : "";
  return seeOther(`/dashboard/account${query}${section ? `#${section}` : ""}`);
}

/** The Account page for this session, with a refusal or field errors when a form is answered in place (4xx). */
export async function accountPageResponse(
  deps: SessionRouteDeps, event: H3Event, context: SessionContext, status = 200, extra: Partial<Pick<AccountPageState, "notice" | "error" | "passwordErrors">> = {},
  headers: readonly (readonly [string, string])[] = [],
): Promise<Response> {
  const chrome = await loadChrome(deps, context, "account");
  const sessions = await deps.security.listSessions.execute({ account: context.account, session: context.session });
  const view = { account: context.account, csrf: chrome.csrfToken, publicOrigin: linkOrigin(deps, event) };
  return htmlResponse(accountPage({ chrome, view, sessions, now: deps.clock.now(), ...extra }), status, headers);
}

/** Seconds to wait, for the page and its Retry-After, from a rate_limited refusal. */
const waitOf = (error: DomainError): number => Math.max(1, Math.ceil(("retryAfterMs" in error ? error.retryAfterMs : 1000) / 1000));

/** The Account security page, and its password, sessions and deletion forms (the other sections have their own handlers). */
export function accountHandlers(deps: SessionRouteDeps) {
  // An account's settings are not a workspace's: its forms may come from a page shown in any workspace.
  const form = (handler: Parameters<typeof dashboardForm>[1]) => dashboardForm(deps, handler, { boundToWorkspace: false });
  return {
    page: dashboardPage(deps, (event, context) =>
      accountPageResponse(deps, event, context, 200, { notice: ACCOUNT_NOTICES[event.url.searchParams.get("notice") ?? ""] })),
    changePassword: form(async (event, context, values) => {
      const result = await deps.security.changePassword.execute({
        account: context.account, session: context.session, ip: clientIp(event),
        currentPassword: values.get("currentPassword") ?? "", newPassword: values.get("newPassword") ?? "",
      });
      if (result.ok) return accountRedirect("password-changed", "password");
      return passwordRefusal(deps, event, context, result.error);
    }),
    endSession: form(async (event, context) => {
      const sessionId = getRouterParam(event, "id", { decode: true }) ?? "";
      const result = await deps.security.endSession.execute({ account: context.account, session: context.session, sessionId });
      if (!result.ok) return accountPageResponse(deps, event, context, 404, { error: "That session is not signed in any more (already ended or expired)." });
      if (result.value.current) return seeOther("/dashboard/sign-in", [["set-cookie", clearedSessionCookie(event)]]);
      return accountRedirect("session-ended", "sessions");
    }),
    endOtherSessions: form(async (_event, context) => {
      await deps.security.endOtherSessions.execute({ account: context.account, session: context.session });
      return accountRedirect("sessions-ended", "sessions");
    }),
    deletePage: dashboardPage(deps, async (_event, context) => {
      const chrome = await loadChrome(deps, context, "account");
      return htmlResponse(deleteAccountPage({ chrome, csrf: chrome.csrfToken }));
    }),
    deleteAccount: form(async (event, context, values) => {
      const result = await deps.security.deleteAccount.execute({ account: context.account, password: values.get("password") ?? "", ip: clientIp(event) });
      if (result.ok) return seeOther("/dashboard/sign-in?notice=account-deleted", [["set-cookie", clearedSessionCookie(event)]]);
      const chrome = await loadChrome(deps, context, "account");
      const page = (status: number, state: { passwordError?: string; refusal?: string }, headers: [string, string][] = []) =>
        htmlResponse(deleteAccountPage({ chrome, csrf: chrome.csrfToken, ...state }), status, headers);
      switch (result.error.code) {
        case "conflict": return page(409, { refusal: `Not deleted. ${result.error.message}` });
        case "invalid_credentials": return page(401, { passwordError: "This is not your password." });
        case "invalid_input": return page(422, { passwordError: "Enter your password." });
        case "rate_limited": {
          const seconds = waitOf(result.error);
          return page(429, { refusal: `Too many wrong passwords. Try again in ${seconds} seconds.` }, [["retry-after", String(seconds)]]);
        }
        default: return page(400, { refusal: result.error.message });
      }
    }),
  };
}

/** A refused password change, answered on the page with the fields that caused it. */
function passwordRefusal(deps: SessionRouteDeps, event: H3Event, context: SessionContext, error: DomainError): Promise<Response> {
  const show = (status: number, passwordErrors: PasswordFormErrors, more: { error?: string } = {}, headers: [string, string][] = []) =>
    accountPageResponse(deps, event, context, status, { passwordErrors, ...more }, headers);
  if (error.code === "invalid_credentials") return show(401, { currentPassword: "This is not your current password." });
  if (error.code === "invalid_input") {
    const errors: Record<string, string> = {};
    for (const issue of error.details) {
      const field = issue.path.slice(1);
      errors[field] ??= field === "currentPassword" ? "Enter your current password." : `The new password ${issue.message}`;
    }
    return show(422, errors);
  }
  if (error.code === "rate_limited") {
    const seconds = waitOf(error);
    return show(429, {}, { error: `Too many wrong passwords. Try again in ${seconds} seconds.` }, [["retry-after", String(seconds)]]);
  }
  return show(400, {}, { error: error.message });
}
