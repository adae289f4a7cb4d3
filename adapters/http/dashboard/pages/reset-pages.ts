import { MIN_PASSWORD_LENGTH } from "../../../../domain/account.ts";
import { html, type SafeHtml } from "../html.ts";
import { fieldError, layout } from "./layout.ts";

/** What a public form page shows again after a failed attempt (never the password). */
export interface PublicFormState {
  readonly csrf: string;
  readonly error?: string;
  readonly fieldError?: string;
}

const errorBox = (error?: string) => (error ? html`<div class="error" role="alert">${error}</div>` : "");

/** /dashboard/forgot-password: the email to send a reset link to; `sent`: the answer, the same for every address. */
export function forgotPasswordPage(state: PublicFormState & { readonly email?: string; readonly sent?: boolean }): SafeHtml {
  const email = fieldError("email", state.fieldError);
  const sent = html`<div class="notice" role="status" data-reset-sent><p>If an account has this email address, we sent it a link to choose a new password.</p>
<p>The link works once, for 1 hour. Nothing arrived? Check your spam folder, or ask again.</p></div>`;
  return layout("Reset your password", html`<div class="card narrow">
<h1>Reset your password</h1>
${state.sent ? sent : html`<p class="subtle">Enter the email address of your account. We will email you a link to choose a new password.</p>`}
${errorBox(state.error)}
<form method="post" action="/dashboard/forgot-password" class="stack" novalidate>
<input type="hidden" name="csrf" value="${state.csrf}">
<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" inputmode="email" required value="${state.email ?? ""}"${email.attrs}>
${email.text}
</div>
<button type="submit">Email me a reset link</button>
</form>
<p class="subtle"><a href="/dashboard/sign-in">Back to sign in</a></p>
</div>`);
}

/** /dashboard/reset-password/{token}: the new password (the link is spent only when this form is sent). */
export function resetPasswordPage(state: PublicFormState & { readonly action: string }): SafeHtml {
  const password = fieldError("password", state.fieldError);
  return layout("Choose a new password", html`<div class="card narrow">
<h1>Choose a new password</h1>
<p class="subtle">Every session of your account ends when the password changes: you then sign in with the new one.</p>
${errorBox(state.error)}
<form method="post" action="${state.action}" class="stack" novalidate>
<input type="hidden" name="csrf" value="${state.csrf}">
<div class="field">
<label for="password">New password <span class="hint">at least ${MIN_PASSWORD_LENGTH} characters</span></label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required${password.attrs}>
${password.text}
</div>
<button type="submit">Set the new password</button>
</form>
</div>`);
}

/** A reset link that does not work (unknown, used, expired, or the password changed since). */
export function resetLinkUnusablePage(): SafeHtml {
  return layout("Link not valid", html`<div class="card narrow" data-reset-unusable>
<h1>This link does not work</h1>
<p class="subtle">A password reset link works once, for 1 hour, and only until the password changes. Ask for a new one.</p>
<div class="actions"><a class="button" href="/dashboard/forgot-password">Ask for a new link</a><a class="button secondary" href="/dashboard/sign-in">Sign in</a></div>
</div>`);
}

/** /dashboard/verify-email/{token}: a button, so that a mail scanner fetching the link verifies nothing. */
export function verifyEmailPage(state: PublicFormState & { readonly action: string }): SafeHtml {
  return layout("Verify your email", html`<div class="card narrow">
<h1>Verify your email address</h1>
<p class="subtle">Confirm that this address belongs to you.</p>
${errorBox(state.error)}
<form method="post" action="${state.action}" class="actions">
<input type="hidden" name="csrf" value="${state.csrf}">
<button type="submit">Confirm my email</button>
</form>
</div>`);
}

/** /dashboard/verify-email: after a link was sent, or after the address was verified. */
export function verifyStatusPage(state: "sent" | "done", next: string): SafeHtml {
  const [title, text] = state === "done"
    ? ["Email verified", "Your email address is verified."]
    : ["Check your email", "We sent a verification link to your address. It works once, for 24 hours."];
  return layout(title, html`<div class="card narrow" data-verify-state="${state}">
<h1>${title}</h1>
<p class="notice" role="status">${text}</p>
<div class="actions"><a class="button" href="${next}">Continue</a></div>
</div>`);
}

/** A verification link that does not work. */
export function verifyLinkUnusablePage(): SafeHtml {
  return layout("Link not valid", html`<div class="card narrow" data-verify-unusable>
<h1>This link does not work</h1>
<p class="subtle">A verification link works once, for 24 hours. Sign in and ask for a new one from your account page.</p>
<div class="actions"><a class="button" href="/dashboard/account">Account</a></div>
</div>`);
}
