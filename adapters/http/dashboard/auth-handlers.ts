import type { H3Event } from "h3";
import type { InvitationPreview } from "../../../application/preview-invitation.ts";
import type { SignedIn } from "../../../application/sign-up.ts";
import type { SignInOutcome } from "../../../application/sign-in.ts";
import { ACCEPT_PATH, isInvitationToken } from "../../../domain/invitation.ts";
import type { DomainError } from "../../../domain/errors.ts";
import type { Result } from "../../../domain/result.ts";
import { isSameToken } from "../../../domain/session.ts";
import { clearedSessionCookie, clientIp, readSessionToken, sessionCookie } from "../session/session-cookie.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardGuard } from "./dashboard-session.ts";
import { isSameOrigin, readForm } from "./form.ts";
import { anonymousFormToken, isAnonymousFormValid, readWorkspaceFormToken } from "./form-token.ts";
import { type AuthFormState, signInPage, signUpPage } from "./pages/auth-pages.ts";
import { htmlResponse, seeOther } from "./responses.ts";
import { safeReturnPath } from "./return-path.ts";
import { totpStepResponse } from "./totp-handlers.ts";

type Mode = "sign-in" | "sign-up";
const PAGES = { "sign-in": signInPage, "sign-up": signUpPage } as const;

/** The sign-in and sign-up pages and forms, and sign-out. */
export function authHandlers(deps: SessionRouteDeps) {
  const show = (mode: Mode) =>
    dashboardGuard(deps, async (event) => {
      const next = safeReturnPath(event.url.searchParams.get("next"));
      const current = await deps.resolveSession.execute({ token: readSessionToken(event) });
      if (current.ok) return seeOther(next);
      const form = anonymousFormToken(event);
      const invitation = await invitationOf(deps, next);
      const notice = event.url.searchParams.get("notice") === "password-reset" ? "Your password was reset, and every session of the account ended. Sign in with the new password."
        : event.url.searchParams.get("notice") === "account-deleted" ? "Your account was deleted: its keys are revoked and its sessions ended. Its email may sign up again." : undefined;
      return htmlResponse(PAGES[mode]({ csrf: form.token, next, invitation, email: invitation?.email, notice }), 200, form.setCookie);
    });
  const submit = (mode: Mode) =>
    dashboardGuard(deps, async (event) => {
      const form = await readForm(event);
      const values = form.ok ? form.value : new URLSearchParams();
      const next = safeReturnPath(values.get("next"));
      const email = values.get("email") ?? "";
      const invitation = await invitationOf(deps, next);
      const again = (status: number, state: Partial<AuthFormState>, headers: [string, string][] = []) => {
        const token = anonymousFormToken(event);
        return htmlResponse(PAGES[mode]({ csrf: token.token, next, email, invitation, ...state }), status, [...token.setCookie, ...headers]);
      };
      if (!form.ok) return again(form.error === "payload_too_large" ? 413 : 415, { error: "This form could not be read. Try again." });
      if (!isSameOrigin(event) || !isAnonymousFormValid(event, values)) {
        return again(403, { error: "This form expired. Please try again." });
      }
      const command = { email, password: values.get("password") ?? "", ip: clientIp(event), previousToken: readSessionToken(event), userAgent: event.req.headers.get("user-agent") ?? undefined };
      const result: Result<SignedIn | SignInOutcome, DomainError> = mode === "sign-in" ? await deps.signIn.execute(command) : await deps.signUp.execute(command);
      if (!result.ok) return refusal(result.error, again);
      const outcome = result.value;
      // TOTP on: the second step's page (pages/totp-pages.ts), carrying the mfaToken in a hidden field.
      if ("kind" in outcome && outcome.kind === "mfa") return totpStepResponse(event, { next, mfaToken: outcome.mfaToken });
      return seeOther(next, [["set-cookie", sessionCookie(event, outcome.token, outcome.maxAgeMs)]]);
    });
  return {
    signInPage: show("sign-in"),
    signIn: submit("sign-in"),
    signUpPage: show("sign-up"),
    signUp: submit("sign-up"),
    signOut: signOutHandler(deps),
  };
}

/** The invitation a sign-in or sign-up page leads back to (its `next` is an accept link), or undefined. */
async function invitationOf(deps: Pick<SessionRouteDeps, "previewInvitation">, next: string): Promise<InvitationPreview | undefined> {
  if (!next.startsWith(ACCEPT_PATH)) return undefined;
  const token = next.slice(ACCEPT_PATH.length);
  if (!isInvitationToken(token)) return undefined;
  const preview = await deps.previewInvitation.execute({ token });
  return preview.ok ? preview.value : undefined;
}

const FIELD_LABELS: Record<string, string> = { "/email": "Email", "/password": "Password" };

type Again = (status: number, state: Partial<AuthFormState>, headers?: [string, string][]) => Response;

/** The form again, with what went wrong: never which of email or password was wrong. */
function refusal(error: DomainError, again: Again): Response {
  switch (error.code) {
    case "invalid_input":
      return again(422, {
        error: "Check the highlighted fields.",
        fieldErrors: Object.fromEntries(error.details.map((issue) => [issue.path.slice(1), `${FIELD_LABELS[issue.path] ?? "This field"} ${issue.message}.`])),
      });
    case "invalid_credentials":
      return again(401, { error: error.message });
    case "conflict":
      return again(409, { error: "An account with this email already exists. Sign in instead." });
    case "rate_limited": {
      const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
      const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
      return again(429, { error: `Too many attempts. Try again in ${wait}.` }, [["retry-after", String(seconds)]]);
    }
    default:
      return again(400, { error: error.message });
  }
}

/** POST /dashboard/sign-out: destroys the session and clears the cookie; then the sign-in page. */
function signOutHandler(deps: SessionRouteDeps) {
  return dashboardGuard(deps, async (event: H3Event) => {
    const token = readSessionToken(event);
    const current = await deps.resolveSession.execute({ token });
    const form = await readForm(event);
    const trusted = current.ok && form.ok && isSameOrigin(event) && isSameToken(current.value.session.csrfToken, readWorkspaceFormToken(form.value.get("csrf")).csrf);
    // A forged sign-out is refused (it would be a nuisance); an expired session is simply cleared.
    if (current.ok && !trusted) return seeOther("/dashboard/keys");
    await deps.signOut.execute({ token });
    return seeOther("/dashboard/sign-in", [["set-cookie", clearedSessionCookie(event)]]);
  });
}
