import { randomBytes } from "node:crypto";
import type { H3Event } from "h3";
import { mfaExpired } from "../../../application/sign-in-totp.ts";
import { liveSetupOf } from "../../../application/totp.ts";
import type { DomainError } from "../../../domain/errors.ts";
import { err } from "../../../domain/result.ts";
import { readSessionToken, sessionCookie } from "../session/session-cookie.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, dashboardGuard, dashboardPage, loadChrome } from "./dashboard-session.ts";
import { isSameOrigin, readForm } from "./form.ts";
import { anonymousFormToken, isAnonymousFormValid } from "./form-token.ts";
import { messagePage } from "./pages/layout.ts";
import { recoveryCodesPage, totpDisableRetryPage, totpSetupRetryPage, type TotpStepState, totpStepPage } from "./pages/totp-pages.ts";
import { htmlResponse, seeOther } from "./responses.ts";
import { safeReturnPath } from "./return-path.ts";

const ACCOUNT_SECTION = "/dashboard/account#two-factor";
/** Long enough to load the page after the redirect; the codes are taken (deleted) on that first read. */
const CODES_TTL_MS = 10 * 60_000;
const FLASH_ID = /^[A-Za-z0-9_-]{22}$/;

type StepPage = Omit<TotpStepState, "csrf">;

/** The sign-in's second step (its page is the answer to the password POST, carrying the mfaToken in a hidden field). */
export function totpStepResponse(event: H3Event, state: StepPage, status = 200, headers: [string, string][] = []): Response {
  const form = anonymousFormToken(event);
  return htmlResponse(totpStepPage({ csrf: form.token, ...state }), status, [...form.setCookie, ...headers]);
}

/** The sign-in's second step, and the Account page's two-factor forms (set up, turn on, turn off) and recovery codes. */
export function totpHandlers(deps: SessionRouteDeps) {
  return {
    // Nothing to show without the mfaToken the password step answers with.
    stepPage: dashboardGuard(deps, async () => seeOther("/dashboard/sign-in")),
    step: stepHandler(deps),
    setup: dashboardForm(deps, async (_event, context) => {
      const result = await deps.security.startTotpSetup.execute({ account: context.account });
      if (result.ok) return seeOther(ACCOUNT_SECTION);
      return htmlResponse(messagePage("Two-factor sign-in", result.error.message, await loadChrome(deps, context, "account")), 409);
    }, { boundToWorkspace: false }),
    enable: enableHandler(deps),
    recoveryCodes: dashboardPage(deps, async (event, context) => {
      const flashId = event.url.searchParams.get("f") ?? "";
      // Taken on this first read: a reload or the back button finds nothing and lands on the Account page.
      const stored = FLASH_ID.test(flashId) ? await deps.flash.take(`${context.session.id}:totp:${flashId}`) : undefined;
      if (!stored) return seeOther(ACCOUNT_SECTION);
      return htmlResponse(recoveryCodesPage(await loadChrome(deps, context, "account"), JSON.parse(stored) as string[]));
    }),
    disable: disableHandler(deps),
  };
}

/** POST /dashboard/sign-in/totp: the code, then the session cookie and the page the sign-in was for. */
function stepHandler(deps: SessionRouteDeps) {
  return dashboardGuard(deps, async (event) => {
    const form = await readForm(event);
    const values = form.ok ? form.value : new URLSearchParams();
    const next = safeReturnPath(values.get("next"));
    const mfaToken = values.get("mfaToken") ?? "";
    if (!form.ok) return totpStepResponse(event, { next, mfaToken, error: "This form could not be read. Try again." }, 415);
    if (!isSameOrigin(event) || !isAnonymousFormValid(event, values)) {
      return totpStepResponse(event, { next, mfaToken, error: "This form expired. Sign in again.", over: true }, 403);
    }
    const result = await deps.security.signInWithTotp.execute({
      mfaToken, code: values.get("code") ?? "", previousToken: readSessionToken(event), userAgent: event.req.headers.get("user-agent") ?? undefined,
    });
    if (result.ok) return seeOther(next, [["set-cookie", sessionCookie(event, result.value.token, result.value.maxAgeMs)]]);
    return stepRefusal(event, result.error, { next, mfaToken });
  });
}

/** POST /dashboard/account/totp/enable: the recovery codes into a one-time flash, then 303 to the one page showing them. */
function enableHandler(deps: SessionRouteDeps) {
  return dashboardForm(deps, async (_event, context, form) => {
    const result = await deps.security.enableTotp.execute({ account: context.account, code: form.get("code") ?? "" });
    if (result.ok) {
      const flashId = randomBytes(16).toString("base64url");
      await deps.flash.put(`${context.session.id}:totp:${flashId}`, JSON.stringify(result.value.recoveryCodes), CODES_TTL_MS);
      return seeOther(`/dashboard/account/totp/recovery-codes?f=${flashId}`);
    }
    const chrome = await loadChrome(deps, context, "account");
    // A missing code is refused before the set-up is looked at: the form comes back only while the set-up is live.
    const setup = result.error.code === "invalid_input" ? liveSetupOf(context.account, deps.clock.now()) : err(result.error);
    if (!setup.ok) return htmlResponse(messagePage("Two-factor sign-in", setup.error.message, chrome), 409);
    const message = "That code is not right. Enter the code the app shows now (it changes every 30 seconds).";
    return htmlResponse(totpSetupRetryPage(chrome, context.account, setup.value, chrome.csrfToken, message), 422);
  }, { boundToWorkspace: false });
}

/** POST /dashboard/account/totp/disable: with a code; a wrong one shows the form again (401), too many 429. */
function disableHandler(deps: SessionRouteDeps) {
  return dashboardForm(deps, async (_event, context, form) => {
    const result = await deps.security.disableTotp.execute({ account: context.account, code: form.get("code") ?? "" });
    if (result.ok) return seeOther(ACCOUNT_SECTION);
    const chrome = await loadChrome(deps, context, "account");
    const { code } = result.error;
    if (code === "rate_limited") {
      const seconds = retrySeconds(result.error);
      return htmlResponse(totpDisableRetryPage(chrome, chrome.csrfToken, `Too many wrong codes. Try again in ${waitText(seconds)}.`), 429, [["retry-after", String(seconds)]]);
    }
    const message = code === "invalid_input" ? "Enter a code from your authenticator app or a recovery code." : "That code is not right, or was already used.";
    return htmlResponse(totpDisableRetryPage(chrome, chrome.csrfToken, message), code === "invalid_input" ? 422 : 401);
  }, { boundToWorkspace: false });
}

/** The second step again, or (its token spent or expired) only the way back to the password. */
function stepRefusal(event: H3Event, error: DomainError, page: StepPage): Response {
  switch (error.code) {
    case "invalid_input":
      return totpStepResponse(event, { ...page, error: "Enter the code from your authenticator app, or a recovery code." }, 422);
    case "invalid_credentials":
      return error.message === mfaExpired().message
        ? totpStepResponse(event, { ...page, error: "This sign-in has expired. Sign in again with your password.", over: true }, 401)
        : totpStepResponse(event, { ...page, error: "That code is not right, or was already used. Try the code the app shows now." }, 401);
    case "rate_limited": {
      const seconds = retrySeconds(error);
      const message = `Too many wrong codes. Sign in again with your password${seconds > 60 ? ` in ${waitText(seconds)}` : ""}.`;
      return totpStepResponse(event, { ...page, error: message, over: true }, 429, [["retry-after", String(seconds)]]);
    }
    default:
      return totpStepResponse(event, { ...page, error: error.message }, 400);
  }
}

const retrySeconds = (error: DomainError): number => Math.max(1, Math.ceil(("retryAfterMs" in error ? error.retryAfterMs : 1000) / 1000));
const waitText = (seconds: number): string => (seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`);
