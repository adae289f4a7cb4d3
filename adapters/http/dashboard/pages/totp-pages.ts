import type { Account } from "../../../../domain/account.ts";
import { type PendingTotp, TOTP_DIGITS } from "../../../../domain/totp.ts";
import { html, type SafeHtml } from "../html.ts";
import { signInPath } from "../return-path.ts";
import { totpDisableForm, totpSetupBlock } from "./account-totp-section.ts";
import { type Chrome, fieldError, layout } from "./layout.ts";

/** What the sign-in's second step shows (never the code typed). */
export interface TotpStepState {
  /** The anonymous form token (the sign-in form's double-submit cookie). */
  readonly csrf: string;
  readonly next: string;
  readonly mfaToken: string;
  readonly error?: string;
  /** The token is spent or expired: only a way back to the password step is offered. */
  readonly over?: boolean;
}

/** The second step of a sign-in with two-factor on: a code from the app, or a recovery code. */
export function totpStepPage(state: TotpStepState): SafeHtml {
  const code = fieldError("code", state.over ? undefined : state.error);
  return layout("Two-factor sign-in", html`<div class="card narrow">
<h1>Two-factor sign-in</h1>
<p class="subtle">Enter the ${TOTP_DIGITS}-digit code from your authenticator app. Lost it? Enter one of your recovery codes instead.</p>
${state.error ? html`<div class="error" role="alert">${state.error}</div>` : ""}
${state.over ? "" : html`<form method="post" action="/dashboard/sign-in/totp" class="stack" novalidate>
<input type="hidden" name="csrf" value="${state.csrf}">
<input type="hidden" name="next" value="${state.next}">
<input type="hidden" name="mfaToken" value="${state.mfaToken}">
<div class="field">
<label for="code">Authentication code</label>
<input id="code" name="code" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" maxlength="32" required autofocus${code.attrs}>
${code.text}
</div>
<button type="submit">Verify</button>
</form>`}
<p class="subtle"><a href="${signInPath(state.next)}">Sign in again</a></p>
</div>`);
}

/** The ten recovery codes, shown this once right after two-factor sign-in was turned on. */
export function recoveryCodesPage(chrome: Chrome, codes: readonly string[]): SafeHtml {
  return layout("Recovery codes", html`<div class="page-head"><div><h1>Two-factor sign-in is on</h1></div></div>
<section class="card" aria-labelledby="codes-heading">
<div class="warning" role="alert"><strong>Save these recovery codes now.</strong>They are shown only this once: we keep only their hashes. Each one signs you in once if you lose your authenticator app.</div>
<h2 id="codes-heading">Recovery codes</h2>
<div class="secret-box"><pre id="recovery-codes" data-recovery-codes>${codes.join("\n")}</pre>
<button type="button" data-copy="recovery-codes" aria-live="polite" hidden>Copy</button></div>
<div class="actions"><a class="button" href="/dashboard/account#two-factor">I have saved them, back to Account</a></div>
</section>`, chrome);
}

/** The live set-up again with what was wrong with the code (Post/Redirect/Get is for success; a refusal shows the form). */
export function totpSetupRetryPage(chrome: Chrome, account: Account, pending: PendingTotp, csrf: string, error: string): SafeHtml {
  return layout("Set up two-factor sign-in", html`<section class="card" id="two-factor" aria-labelledby="setup-heading">
<h1 id="setup-heading">Set up two-factor sign-in</h1>
<div class="error" role="alert">${error}</div>
${totpSetupBlock(account, pending, csrf, error)}
<p class="subtle"><a href="/dashboard/account#two-factor">Back to Account</a></p>
</section>`, chrome);
}

/** The turn-off form again with what was wrong. */
export function totpDisableRetryPage(chrome: Chrome, csrf: string, error: string): SafeHtml {
  return layout("Turn off two-factor sign-in", html`<section class="card narrow" aria-labelledby="off-heading">
<h1 id="off-heading">Turn off two-factor sign-in</h1>
<div class="error" role="alert">${error}</div>
${totpDisableForm(csrf, error)}
<p class="subtle"><a href="/dashboard/account#two-factor">Back to Account</a></p>
</section>`, chrome);
}
