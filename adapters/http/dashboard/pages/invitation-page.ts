import type { InvitationPreview } from "../../../../application/preview-invitation.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatTime } from "./format.ts";
import { type Chrome, layout } from "./layout.ts";

/** /dashboard/invitations/{token}: who invites whom to what, and the Accept button (or why it cannot be accepted here). */
export function invitationPage(chrome: Chrome, preview: InvitationPreview, path: string): SafeHtml {
  const by = preview.invitedByEmail ? html` by <strong>${preview.invitedByEmail}</strong>` : "";
  const action = preview.forThisAccount && preview.verifyEmailFirst
    ? verifyFirstBlock(chrome.csrfToken, path)
    : preview.forThisAccount
    ? html`<form method="post" action="${path}/accept" class="actions">
<input type="hidden" name="csrf" value="${chrome.csrfToken}">
<button type="submit">Accept and join</button><a class="button secondary" href="/dashboard/keys">Not now</a></form>`
    : html`<div class="warning" role="alert"><strong>This invitation is for ${preview.email}.</strong>You are signed in as ${chrome.email}. Sign out, then sign in or create an account as ${preview.email}, and open the link again.</div>
<form method="post" action="/dashboard/sign-out" class="actions"><input type="hidden" name="csrf" value="${chrome.csrfToken}"><button type="submit" class="secondary">Sign out</button></form>`;
  return layout("Invitation", html`<div class="card narrow" data-invitation>
<h1>Join “${preview.workspaceName}”</h1>
<p>You are invited${by} to join the workspace <strong>${preview.workspaceName}</strong> as <strong>${preview.role}</strong>.</p>
<p class="subtle">The link works once, until ${formatTime(preview.expiresAt)}.</p>
${action}
</div>`, chrome);
}

/** Accepting needs a proved address here: the way to prove it, coming back to this link afterwards. */
export function verifyFirstBlock(csrf: string, path: string): SafeHtml {
  return html`<div class="warning" role="alert" data-verify-first><strong>Verify your email address first.</strong> Open the link of the verification email we sent you, then come back to this invitation.</div>
<form method="post" action="/dashboard/account/verify-email" class="actions">
<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="next" value="${path}">
<button type="submit">Send verification email</button></form>`;
}
