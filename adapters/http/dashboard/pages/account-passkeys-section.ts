import type { Passkey } from "../../../../domain/account.ts";
import { MAX_PASSKEY_NAME_LENGTH, toPasskeyView } from "../../../../domain/passkey.ts";
import { relyingPartyOf } from "../../../bind-security.ts";
import { readWorkspaceFormToken } from "../form-token.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatTimeShort } from "./format.ts";
import type { AccountSectionView } from "./account-sections.ts";

/** The passkeys section of the Account security page: the list with Delete forms (no JS needed), and Add (JS). */
export function passkeysSection(view: AccountSectionView): SafeHtml {
  const passkeys = view.account.passkeys ?? [];
  return html`<section id="passkeys" class="card">
<h2>Passkeys</h2>
<p class="subtle">Sign in with your device's screen lock or a security key instead of a password. A passkey is also a second factor: it skips the two-factor code.</p>
${passkeys.length === 0 ? html`<p class="subtle" data-passkeys-empty>No passkeys yet.</p>` : passkeyTable(passkeys, view.csrf)}
${relyingPartyOf(view.publicOrigin) ? addForm(view) : unavailable(view.publicOrigin)}
</section>`;
}

function passkeyTable(passkeys: readonly Passkey[], csrf: string): SafeHtml {
  const rows = passkeys.map((passkey) => {
    const shown = toPasskeyView(passkey);
    return html`<tr data-passkey="${shown.id}">
<td>${shown.name}</td>
<td>${formatTimeShort(shown.createdAt)}</td>
<td data-passkey-last-used>${shown.lastUsedAt ? formatTimeShort(shown.lastUsedAt) : "Never"}</td>
<td><form method="post" action="/dashboard/account/passkeys/${encodeURIComponent(shown.id)}/delete">
<input type="hidden" name="csrf" value="${csrf}">
<button type="submit" class="danger small" aria-label="Delete passkey ${shown.name}">Delete</button>
</form></td>
</tr>`;
  });
  return html`<div class="table-wrap"><table class="passkeys">
<thead><tr><th scope="col">Name</th><th scope="col">Added <span class="tz">UTC</span></th><th scope="col">Last used <span class="tz">UTC</span></th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/** Registering runs in the browser (WebAuthn has no form POST): passkeys.js calls the session API with the CSRF token. */
function addForm(view: AccountSectionView): SafeHtml {
  const csrf = readWorkspaceFormToken(view.csrf).csrf ?? "";
  return html`<div class="stack" data-passkey-add data-csrf="${csrf}" hidden>
<div class="field">
<label for="passkey-name">Name <span class="hint">optional, e.g. “Laptop”</span></label>
<input id="passkey-name" name="name" maxlength="${MAX_PASSKEY_NAME_LENGTH}" autocomplete="off" data-passkey-name>
</div>
<div class="actions"><button type="button" data-passkey-add-button>Add a passkey</button></div>
<div class="error" role="alert" data-passkey-error hidden></div>
</div>
<p class="subtle" data-passkey-unsupported hidden>This browser cannot make passkeys.</p>
<noscript><p class="subtle">Adding a passkey needs JavaScript (the browser's passkey prompt is only reachable from a script); deleting works without it.</p></noscript>
<script src="/dashboard/vendor/simplewebauthn-browser.umd.min.js" defer></script>
<script src="/dashboard/assets/passkeys.js" defer></script>`;
}

function unavailable(publicOrigin: string): SafeHtml {
  const port = new URL(publicOrigin).port;
  const localhost = `http://localhost${port ? `:${port}` : ""}`;
  return html`<div class="notice" role="status" data-passkeys-unavailable>Passkeys need a domain name, and this server's public URL
(<code>${publicOrigin}</code>) is an IP address. Set <code>PUBLIC_URL=${localhost}</code> and open the dashboard at
<a href="${localhost}/dashboard/account">${localhost}</a> to use passkeys.</div>`;
}
