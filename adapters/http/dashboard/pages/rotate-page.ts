import type { ApiKeySummary } from "../../../../domain/api-key-summary.ts";
import { DEFAULT_GRACE_SECONDS, MAX_GRACE_SECONDS } from "../../../../application/rotate-key.ts";
import { html, type SafeHtml } from "../html.ts";
import { type Chrome, layout } from "./layout.ts";

/** The grace periods the form offers, in seconds; the API and the CLI take any whole number from 0 to 604800. */
export const GRACE_CHOICES: readonly (readonly [number, string])[] = [
  [0, "No grace: the old secret stops at once"], [3600, "1 hour"], [DEFAULT_GRACE_SECONDS, "24 hours"], [MAX_GRACE_SECONDS, "7 days"],
];

/** The rotation step: how long the old secret keeps working (0, 1 h, 24 h or 7 days; 24 h preset). */
export function rotateConfirmPage(chrome: Chrome, key: ApiKeySummary, error?: string): SafeHtml {
  return layout("Rotate key", html`<div class="card narrow">
<h1>Rotate “${key.name}”?</h1>
<p class="subtle">The key gets a new secret, shown once on the next page. Its name, limit, scope and workspace stay. The old secret keeps working for the grace period, then gets 401.</p>
<form method="post" action="/dashboard/keys/${encodeURIComponent(key.id)}/rotate" class="stack">
<input type="hidden" name="csrf" value="${chrome.csrfToken}">
<label for="grace">How long the old secret keeps working</label>
<select id="grace" name="grace"${error ? html` aria-invalid="true" aria-describedby="grace-error"` : ""}>${GRACE_CHOICES.map(([seconds, label]) => html`<option value="${String(seconds)}"${seconds === DEFAULT_GRACE_SECONDS ? html` selected` : ""}>${label}</option>`)}</select>
${error ? html`<p id="grace-error" class="field-error">${error}</p>` : ""}
<div class="actions"><button type="submit">Rotate key</button><a class="button secondary" href="/dashboard/keys">Cancel</a></div>
</form>
</div>`, chrome);
}

/** "expires in 3 days", "expired", or nothing for a key without expiry; `now` in epoch ms. */
export function expiryText(key: ApiKeySummary, now: number): string {
  if (key.status === "expired") return "Expired";
  if (!key.expiresAt) return "";
  const seconds = Math.max(0, Math.round((Date.parse(key.expiresAt) - now) / 1000));
  const [value, unit] = seconds >= 86_400 ? [Math.floor(seconds / 86_400), "day"] : seconds >= 3600 ? [Math.floor(seconds / 3600), "hour"]
    : seconds >= 60 ? [Math.floor(seconds / 60), "minute"] : [seconds, "second"];
  return `expires in ${value} ${unit}${value === 1 ? "" : "s"}`;
}
