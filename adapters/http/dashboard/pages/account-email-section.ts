import { html, type SafeHtml } from "../html.ts";
import type { AccountSectionView } from "./account-sections.ts";

/**
 * The email section of the Account security page: the address, whether its owner proved it, and (while unproved)
 * the form that sends a verification link (POST /dashboard/account/verify-email, Post/Redirect/Get).
 */
export function emailSection(view: AccountSectionView): SafeHtml {
  const { account, csrf } = view;
  const verified = account.emailVerified === true;
  return html`<section class="card" id="email" aria-labelledby="email-heading" data-email-verified="${verified ? "yes" : "no"}">
<h2 id="email-heading">Email</h2>
<p><strong>${account.email}</strong> <span class="badge${verified ? " active" : ""}">${verified ? "verified" : "unverified"}</span></p>
${verified ? html`<p class="subtle">Password reset links and security notices go to this address.</p>` : sendForm(csrf)}
</section>`;
}

function sendForm(csrf: string): SafeHtml {
  return html`<p class="subtle">Not verified yet. Until it is, someone else could take this address back with a password reset, and invitations cannot be accepted where email is delivered.</p>
<form method="post" action="/dashboard/account/verify-email">
<input type="hidden" name="csrf" value="${csrf}">
<div class="actions"><button type="submit">Send verification email</button></div>
</form>`;
}
