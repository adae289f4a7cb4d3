import type { SessionView } from "../../../../application/account-sessions.ts";
import { MIN_PASSWORD_LENGTH } from "../../../../domain/account.ts";
import { html, type SafeHtml } from "../html.ts";
import { emailSection } from "./account-email-section.ts";
import { passkeysSection } from "./account-passkeys-section.ts";
import type { AccountSectionView } from "./account-sections.ts";
import { totpSection } from "./account-totp-section.ts";
import { formatTimeShort } from "./format.ts";
import { browserName } from "./browser-name.ts";
import { type Chrome, fieldError, layout } from "./layout.ts";

/** A refused password change: the message of each field that caused it. */
export interface PasswordFormErrors {
  readonly currentPassword?: string;
  readonly newPassword?: string;
}

export interface AccountPageState {
  readonly chrome: Chrome;
  readonly view: AccountSectionView;
  /** The account's live sessions, newest first. */
  readonly sessions: readonly SessionView[];
  /** When the page is drawn (epoch ms, the core's clock): an expired two-factor set-up shows as none. */
  readonly now: number;
  readonly notice?: string;
  /** A refusal to show above the sections. */
  readonly error?: string;
  readonly passwordErrors?: PasswordFormErrors;
}

/** /dashboard/account: email, password, two-factor, passkeys, sessions and deletion, each a section of its own. */
export function accountPage(state: AccountPageState): SafeHtml {
  const { view } = state;
  return layout("Account security", html`<div class="page-head"><div><h1>Account security</h1>
<p class="subtle">Signed in as <strong>${view.account.email}</strong></p></div></div>
${state.notice ? html`<div class="notice" role="status" data-notice>${state.notice}</div>` : ""}
${state.error ? html`<div class="warning" role="alert">${state.error}</div>` : ""}
${emailSection(view)}
${passwordSection(view, state.passwordErrors ?? {})}
${totpSection(view, state.now)}
${passkeysSection(view)}
${sessionsSection(view.csrf, state.sessions)}
${deleteSection()}`, state.chrome);
}

function passwordSection({ csrf, account }: AccountSectionView, errors: PasswordFormErrors): SafeHtml {
  const current = fieldError("current-password", errors.currentPassword);
  const next = fieldError("new-password", errors.newPassword);
  return html`<section class="card" id="password" aria-labelledby="password-heading">
<h2 id="password-heading">Password</h2>
<p class="subtle">Changing it signs out every other session of your account; this one stays signed in.</p>
<form method="post" action="/dashboard/account/password" class="stack" novalidate>
<input type="hidden" name="csrf" value="${csrf}">
<input type="email" name="username" autocomplete="username" value="${account.email}" hidden>
<div class="field"><label for="current-password">Current password</label>
<input id="current-password" name="currentPassword" type="password" autocomplete="current-password" required${current.attrs}>${current.text}</div>
<div class="field"><label for="new-password">New password <span class="hint">at least ${MIN_PASSWORD_LENGTH} characters, hard to guess</span></label>
<input id="new-password" name="newPassword" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required${next.attrs}>${next.text}</div>
<div class="actions"><button type="submit">Change password</button></div>
</form>
</section>`;
}

function sessionsSection(csrf: string, sessions: readonly SessionView[]): SafeHtml {
  const others = sessions.filter((session) => !session.current).length;
  const rows = sessions.map((session) => html`<tr data-session="${session.id}"${session.current ? html` data-current-session` : ""}>
<td data-label="Browser"><span${session.userAgent ? html` title="${session.userAgent}"` : ""}>${session.userAgent ? browserName(session.userAgent) : "Unknown browser"}</span>${session.current ? html` <span class="badge active">this session</span>` : ""}</td>
<td data-label="Signed in (UTC)" class="nowrap"><time datetime="${session.createdAt}">${formatTimeShort(session.createdAt)}</time></td>
<td data-label="Last seen (UTC)" class="nowrap"><time datetime="${session.lastSeenAt}">${formatTimeShort(session.lastSeenAt)}</time></td>
<td data-label="" class="end">${session.current ? "" : html`<form method="post" action="/dashboard/account/sessions/${encodeURIComponent(session.id)}/end" class="row-actions">
<input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="secondary small danger" aria-label="End the session of ${session.userAgent ? browserName(session.userAgent) : "an unknown browser"} signed in ${formatTimeShort(session.createdAt)} UTC">End</button></form>`}</td></tr>`);
  return html`<section class="card" id="sessions" aria-labelledby="sessions-heading">
<h2 id="sessions-heading">Sessions</h2>
<p class="subtle">Where your account is signed in, newest first. Ending a session signs that browser out at once.</p>
<div class="table-wrap"><table class="sessions">
<thead><tr><th scope="col">Browser</th><th scope="col">Signed in <span class="tz">UTC</span></th><th scope="col">Last seen <span class="tz">UTC</span></th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>
${others > 0 ? html`<form method="post" action="/dashboard/account/sessions/end-others">
<input type="hidden" name="csrf" value="${csrf}">
<div class="actions"><button type="submit" class="secondary danger">End all other sessions (${others})</button></div>
</form>` : ""}
</section>`;
}

function deleteSection(): SafeHtml {
  return html`<section class="card" id="delete-account" aria-labelledby="delete-heading">
<h2 id="delete-heading">Delete account</h2>
<p class="subtle">Revokes every key of your personal workspace, takes you out of every workspace and signs out every session. It cannot be undone. You cannot delete it while you are the last owner of a shared workspace.</p>
<div class="actions"><a class="button danger" href="/dashboard/account/delete">Delete account…</a></div>
</section>`;
}

export interface DeleteAccountPageState {
  readonly chrome: Chrome;
  readonly csrf: string;
  /** The password field's error (wrong password). */
  readonly passwordError?: string;
  /** Why the deletion is refused (the last owner of a shared workspace). */
  readonly refusal?: string;
}

/** /dashboard/account/delete: the confirmation step, with the password. */
export function deleteAccountPage(state: DeleteAccountPageState): SafeHtml {
  const password = fieldError("delete-password", state.passwordError);
  return layout("Delete account", html`<div class="card narrow"><h1>Delete your account?</h1>
${state.refusal ? html`<div class="warning" role="alert" data-delete-refused>${state.refusal}</div>` : ""}
<p>Every key of your personal workspace stops working at once, you leave every workspace, every session is signed out, and your email is free to sign up again. This cannot be undone.</p>
<form method="post" action="/dashboard/account/delete" class="stack" novalidate>
<input type="hidden" name="csrf" value="${state.csrf}">
<div class="field"><label for="delete-password">Your password, to confirm</label>
<input id="delete-password" name="password" type="password" autocomplete="current-password" required${password.attrs}>${password.text}</div>
<div class="actions"><button type="submit" class="danger">Delete my account</button> <a class="button secondary" href="/dashboard/account">Cancel</a></div>
</form></div>`, state.chrome);
}
