import { getRouterParam, type H3Event } from "h3";
import type { DomainError } from "../../../domain/errors.ts";
import { clientIp } from "../session/session-cookie.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, dashboardGuard } from "./dashboard-session.ts";
import { isSameOrigin, readForm } from "./form.ts";
import { anonymousFormToken, isAnonymousFormValid } from "./form-token.ts";
import { forgotPasswordPage, resetLinkUnusablePage, resetPasswordPage, verifyEmailPage, verifyLinkUnusablePage, verifyStatusPage } from "./pages/reset-pages.ts";
import { messagePage } from "./pages/layout.ts";
import type { SafeHtml } from "./html.ts";
import { htmlResponse, seeOther } from "./responses.ts";
import { safeReturnPath } from "./return-path.ts";

const tokenOf = (event: H3Event): string => getRouterParam(event, "token", { decode: true }) ?? "";
const ACCOUNT_EMAIL = "/dashboard/account#email";

type PublicForm = { readonly ok: true; readonly values: URLSearchParams } | { readonly ok: false; readonly status: number; readonly error: string };

/** A public form POST: form-encoded, same origin, and the anonymous double-submit token (form-token.ts). */
async function readPublicForm(event: H3Event): Promise<PublicForm> {
  const form = await readForm(event);
  if (!form.ok) return { ok: false, status: form.error === "payload_too_large" ? 413 : 415, error: "This form could not be read. Try again." };
  if (!isSameOrigin(event) || !isAnonymousFormValid(event, form.value)) return { ok: false, status: 403, error: "This form expired. Please try again." };
  return { ok: true, values: form.value };
}

/** A public page carrying a fresh (or the existing) anonymous form token. */
const withFormToken = (event: H3Event, page: (csrf: string) => SafeHtml, status = 200, headers: [string, string][] = []): Response => {
  const form = anonymousFormToken(event);
  return htmlResponse(page(form.token), status, [...form.setCookie, ...headers]);
};

const retry = (error: DomainError): { seconds: number; text: string } => {
  const seconds = Math.max(1, Math.ceil(("retryAfterMs" in error ? error.retryAfterMs : 1000) / 1000));
  return { seconds, text: `Too many requests. Try again in ${seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`}.` };
};

const firstIssue = (error: DomainError): string | undefined => (error.code === "invalid_input" ? error.details[0]?.message : undefined);

/** Forgot password, the reset link's page, the verification link's page, and the Account page's "send verification email". */
export function resetHandlers(deps: SessionRouteDeps) {
  return { ...forgotHandlers(deps), ...resetPasswordHandlers(deps), ...verifyHandlers(deps) };
}

/** GET/POST /dashboard/forgot-password: Post/Redirect/Get to the same answer for every address. */
function forgotHandlers(deps: SessionRouteDeps) {
  return {
    forgotPage: dashboardGuard(deps, async (event) =>
      withFormToken(event, (csrf) => forgotPasswordPage({ csrf, sent: event.url.searchParams.get("sent") === "1" }))),
    forgot: dashboardGuard(deps, async (event) => {
      const form = await readPublicForm(event);
      const email = form.ok ? (form.values.get("email") ?? "") : "";
      if (!form.ok) return withFormToken(event, (csrf) => forgotPasswordPage({ csrf, error: form.error }), form.status);
      const result = await deps.security.requestPasswordReset.execute({ email, ip: clientIp(event) });
      if (result.ok) return seeOther("/dashboard/forgot-password?sent=1");
      if (result.error.code === "rate_limited") {
        const wait = retry(result.error);
        return withFormToken(event, (csrf) => forgotPasswordPage({ csrf, email, error: wait.text }), 429, [["retry-after", String(wait.seconds)]]);
      }
      return withFormToken(event, (csrf) => forgotPasswordPage({ csrf, email, fieldError: `Email ${firstIssue(result.error) ?? "is not valid"}.` }), 422);
    }),
  };
}

/** GET/POST /dashboard/reset-password/{token}. */
function resetPasswordHandlers(deps: SessionRouteDeps) {
  return {
    // Never spends the link: mail scanners fetch links, so only the form's POST does.
    resetPage: dashboardGuard(deps, async (event) =>
      withFormToken(event, (csrf) => resetPasswordPage({ csrf, action: event.url.pathname }))),
    reset: dashboardGuard(deps, async (event) => {
      const action = event.url.pathname;
      const form = await readPublicForm(event);
      if (!form.ok) return withFormToken(event, (csrf) => resetPasswordPage({ csrf, action, error: form.error }), form.status);
      const result = await deps.security.confirmPasswordReset.execute({ token: tokenOf(event), password: form.values.get("password") ?? "", ip: clientIp(event) });
      if (result.ok) return seeOther("/dashboard/sign-in?notice=password-reset");
      const { error } = result;
      if (error.code === "not_found") return htmlResponse(resetLinkUnusablePage(), 404);
      if (error.code === "rate_limited") {
        const wait = retry(error);
        return withFormToken(event, (csrf) => resetPasswordPage({ csrf, action, error: wait.text }), 429, [["retry-after", String(wait.seconds)]]);
      }
      return withFormToken(event, (csrf) => resetPasswordPage({ csrf, action, fieldError: `Password ${firstIssue(error) ?? "is not valid"}.` }), 422);
    }),
  };
}

/** The verification link's page and its button, the page after, and the signed-in "send verification email" form. */
function verifyHandlers(deps: SessionRouteDeps) {
  return {
    verifyPage: dashboardGuard(deps, async (event) =>
      withFormToken(event, (csrf) => verifyEmailPage({ csrf, action: event.url.pathname }))),
    verify: dashboardGuard(deps, async (event) => {
      const form = await readPublicForm(event);
      if (!form.ok) return withFormToken(event, (csrf) => verifyEmailPage({ csrf, action: event.url.pathname, error: form.error }), form.status);
      const result = await deps.security.confirmEmailVerification.execute({ token: tokenOf(event) });
      return result.ok ? seeOther("/dashboard/verify-email?state=done") : htmlResponse(verifyLinkUnusablePage(), 404);
    }),
    verifyStatus: dashboardGuard(deps, async (event) => {
      const state = event.url.searchParams.get("state") === "done" ? "done" : "sent";
      const next = event.url.searchParams.get("next");
      return htmlResponse(verifyStatusPage(state, next ? safeReturnPath(next) : state === "done" ? "/dashboard/keys" : ACCOUNT_EMAIL));
    }),
    sendVerification: dashboardForm(deps, async (_event, context, form) => {
      const result = await deps.security.sendEmailVerification.execute({ account: context.account });
      const next = form.get("next");
      if (result.ok && !result.value.sent && context.account.emailVerified !== true) {
        return htmlResponse(messagePage("Verification email", "This server has no public URL configured, so it cannot send links."), 503);
      }
      if (result.ok) return seeOther(`/dashboard/verify-email?state=${result.value.sent ? "sent" : "done"}${next ? `&next=${encodeURIComponent(safeReturnPath(next))}` : ""}`);
      const wait = retry(result.error);
      return htmlResponse(messagePage("Verification email", `${wait.text} A link sent earlier still works for 24 hours.`), 429, [["retry-after", String(wait.seconds)]]);
    }, { boundToWorkspace: false }),
  };
}
