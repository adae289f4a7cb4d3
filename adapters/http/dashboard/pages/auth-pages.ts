import type { InvitationPreview } from "../../../../application/preview-invitation.ts";
import { MIN_PASSWORD_LENGTH } from "../../../../domain/account.ts";
import { html, type SafeHtml } from "../html.ts";
import { HOME_PATH } from "../return-path.ts";
import { fieldError, layout } from "./layout.ts";

/** What the sign-in and sign-up forms show again after a failed attempt (never the password). */
export interface AuthFormState {
  readonly csrf: string;
  readonly next: string;
  readonly email?: string;
  readonly error?: string;
  readonly fieldErrors?: Readonly<Record<string, string>>;
  /** The invitation this page leads back to (`next` is its link): who invites whom to which workspace. */
  readonly invitation?: InvitationPreview;
  /** A note from the step before (a password just reset). */
  readonly notice?: string;
}

const withNext = (path: string, next: string) => (next === HOME_PATH ? path : `${path}?next=${encodeURIComponent(next)}`);

export function signInPage(state: AuthFormState): SafeHtml {
  const password = fieldError("password", state.fieldErrors?.password);
  return layout("Sign in", html`<div class="card narrow">
<h1>Sign in</h1>
${state.invitation ? invitationNote(state.invitation, "sign-in") : html`<p class="subtle">Manage the API keys of your workspaces.</p>`}
${state.notice ? html`<div class="notice" role="status" data-notice>${state.notice}</div>` : ""}
${state.error ? html`<div class="error" role="alert">${state.error}</div>` : ""}
<form method="post" action="/dashboard/sign-in" class="stack" novalidate>
<input type="hidden" name="csrf" value="${state.csrf}">
<input type="hidden" name="next" value="${state.next}">
${emailField(state)}
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${password.attrs}>
${password.text}
</div>
<button type="submit">Sign in</button>
</form>
<p class="subtle"><a href="/dashboard/forgot-password">Forgot your password?</a></p>
${passkeySignIn(state.next)}
<p class="subtle">New here? <a href="${withNext("/dashboard/sign-up", state.next)}">Create an account</a></p>
</div>`);
}

export function signUpPage(state: AuthFormState): SafeHtml {
  const password = fieldError("password", state.fieldErrors?.password);
  return layout("Create an account", html`<div class="card narrow">
<h1>Create an account</h1>
${state.invitation ? invitationNote(state.invitation, "sign-up") : html`<p class="subtle">You get a personal workspace for your API keys.</p>`}
${state.error ? html`<div class="error" role="alert">${state.error}</div>` : ""}
<form method="post" action="/dashboard/sign-up" class="stack" novalidate>
<input type="hidden" name="csrf" value="${state.csrf}">
<input type="hidden" name="next" value="${state.next}">
${emailField(state)}
<div class="field">
<label for="password">Password <span class="hint">at least ${MIN_PASSWORD_LENGTH} characters</span></label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required${password.attrs}>
${password.text}
</div>
<button type="submit">Create account</button>
</form>
<p class="subtle">Already have an account? <a href="${withNext("/dashboard/sign-in", state.next)}">Sign in</a></p>
</div>`);
}

/** Says where the link leads before the visitor signs in: the workspace, its role, who invited and which address. */
function invitationNote(invitation: InvitationPreview, mode: "sign-in" | "sign-up"): SafeHtml {
  const who = invitation.invitedByEmail ? html`<strong>${invitation.invitedByEmail}</strong> invited` : "You are invited as";
  const next = mode === "sign-in"
    ? html`Sign in as <strong>${invitation.email}</strong> to accept, or create an account with that email.`
    : html`Create an account as <strong>${invitation.email}</strong> to accept; you then join the workspace from the next page.`;
  return html`<div class="notice invitation-note" role="status" data-invitation-note>
<p>${who} <strong>${invitation.email}</strong> to join the workspace <strong>${invitation.workspaceName}</strong> as ${invitation.role}.</p>
<p>${next}</p>
</div>`;
}

function emailField(state: AuthFormState): SafeHtml {
  const error = fieldError("email", state.fieldErrors?.email);
  return html`<div class="field">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" inputmode="email" required value="${state.email ?? ""}"${error.attrs}>
${error.text}
</div>`;
}

/** "Sign in with a passkey": shown by passkeys.js only where the browser has WebAuthn (it cannot work without JS). */
function passkeySignIn(next: string): SafeHtml {
  return html`<div class="stack" data-passkey-sign-in data-next="${next}" hidden>
<button type="button" class="secondary" data-passkey-sign-in-button>Sign in with a passkey</button>
<div class="error" role="alert" data-passkey-error hidden></div>
</div>
<script src="/dashboard/vendor/simplewebauthn-browser.umd.min.js" defer></script>
<script src="/dashboard/assets/passkeys.js" defer></script>`;
}
