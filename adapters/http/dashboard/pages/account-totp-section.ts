import { totpSetupOf } from "../../../../application/totp.ts";
import type { Account } from "../../../../domain/account.ts";
import { otpauthTotp } from "../../../security/otpauth-totp.ts";
import { livePendingTotp, type PendingTotp, TOTP_DIGITS, TOTP_SETUP_TTL_MS } from "../../../../domain/totp.ts";
import { html, type SafeHtml } from "../html.ts";
import type { AccountSectionView } from "./account-sections.ts";
import { formatTime, formatTimeSeconds } from "./format.ts";
import { fieldError } from "./layout.ts";
import { qrSvg } from "./qr-svg.ts";

/**
 * The two-factor section of the Account security page: Off → a "Set up" button; set-up pending → the QR code, the
 * secret for typing, and the code that turns it on; On → since when, recovery codes left, and the form that turns
 * it off with a code. A set-up that expired by `now` (epoch ms) is shown as Off: its code would only be refused.
 */
export function totpSection(view: AccountSectionView, now: number): SafeHtml {
  const { account, csrf } = view;
  const pending = livePendingTotp(account, now);
  return html`<section class="card" id="two-factor" aria-labelledby="two-factor-heading" data-totp="${account.totp ? "on" : pending ? "pending" : "off"}">
<h2 id="two-factor-heading">Two-factor sign-in</h2>
${account.totp ? totpOn(account, csrf) : pending ? totpSetupBlock(account, pending, csrf) : totpOff(csrf)}
</section>`;
}

function totpOff(csrf: string): SafeHtml {
  return html`<p class="subtle">Off. With it on, signing in asks for a ${TOTP_DIGITS}-digit code from an authenticator app (or a recovery code) after your password.</p>
<form method="post" action="/dashboard/account/totp/setup">
<input type="hidden" name="csrf" value="${csrf}">
<div class="actions"><button type="submit">Set up two-factor sign-in</button></div>
</form>`;
}

/** A live pending set-up (livePendingTotp): scan or type the secret, then confirm with the app's current code. */
export function totpSetupBlock(account: Account, pending: PendingTotp, csrf: string, error?: string): SafeHtml {
  const { secret } = pending;
  const { otpauthUrl } = totpSetupOf({ totp: otpauthTotp }, account, secret);
  const code = fieldError("totp-code", error);
  return html`<p>Scan this QR code with your authenticator app, or type the key below into it. Then enter the ${TOTP_DIGITS}-digit code it shows.</p>
<p class="hint" data-totp-expires>This set-up lasts until ${formatTimeSeconds(new Date(pending.createdAt + TOTP_SETUP_TTL_MS).toISOString())}; after that, start it again.</p>
<div class="totp-setup">
${qrSvg(otpauthUrl, "QR code of the two-factor set-up for your authenticator app")}
<div class="stack">
<div>
<h3 id="totp-key-heading">Set-up key</h3>
<div class="secret-box"><code id="totp-secret" data-totp-secret aria-labelledby="totp-key-heading">${secret}</code>
<button type="button" data-copy="totp-secret" aria-live="polite" hidden>Copy</button></div>
<p class="hint">Time-based (TOTP), SHA-1, ${TOTP_DIGITS} digits, every 30 seconds.</p>
</div>
<form method="post" action="/dashboard/account/totp/enable" class="stack" novalidate>
<input type="hidden" name="csrf" value="${csrf}">
<div class="field">
<label for="totp-code">Code from the app</label>
<input id="totp-code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8" required${code.attrs}>
${code.text}
</div>
<div class="actions"><button type="submit">Turn on two-factor sign-in</button></div>
</form>
</div>
</div>`;
}

function totpOn(account: Account, csrf: string): SafeHtml {
  const left = account.recoveryCodeHashes?.length ?? 0;
  const since = account.totp ? formatTime(new Date(account.totp.enabledAt).toISOString()) : "";
  return html`<p class="notice" data-totp-on>On since ${since}. Signing in asks for a code from your authenticator app after your password.</p>
<p class="subtle">${left === 1 ? "1 recovery code left." : `${left} recovery codes left.`} Each works once, in place of a code, if you lose the app.</p>
${totpDisableForm(csrf)}`;
}

/** The form that turns two-factor sign-in off: proof with a current code or a recovery code. */
export function totpDisableForm(csrf: string, error?: string): SafeHtml {
  const code = fieldError("totp-off-code", error);
  return html`<form method="post" action="/dashboard/account/totp/disable" class="stack" novalidate>
<input type="hidden" name="csrf" value="${csrf}">
<div class="field">
<label for="totp-off-code">Code from the app, or a recovery code</label>
<input id="totp-off-code" name="code" autocomplete="one-time-code" maxlength="32" required${code.attrs}>
${code.text}
</div>
<div class="actions"><button type="submit" class="danger">Turn off two-factor sign-in</button></div>
</form>`;
}
