import type { DeliveryView } from "../../../../application/outbox-items.ts";
import { MAX_WEBHOOK_DESCRIPTION_LENGTH, MAX_WEBHOOK_URL_LENGTH } from "../../../../application/webhook-fields.ts";
import { EVENT_TYPES } from "../../../../domain/event.ts";
import { MAX_WEBHOOKS_PER_WORKSPACE, type WebhookView } from "../../../../domain/webhook.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatTimeSeconds, formatTimeShort } from "./format.ts";
import { type Chrome, fieldError, layout } from "./layout.ts";
import { deliveriesTable, eventsLabel, postButton, webhookPath } from "./webhook-pages.ts";

/** A secret just made (an endpoint added, or its secret rotated): shown on this one page load. */
export interface ShownSecret {
  readonly webhook: WebhookView;
  readonly secret: string;
  /** Present when the secret comes from a rotation: until when the previous one still signs. */
  readonly rotation?: { readonly previousSecretExpiresAt: string };
}

/** One endpoint with its newest deliveries, and whether it has older ones. */
export interface WebhookEntry {
  readonly webhook: WebhookView;
  readonly deliveries: readonly DeliveryView[];
  readonly more: boolean;
}

/** The add form as sent, to show again with its problems. */
export interface WebhookFormState {
  readonly url?: string;
  readonly description?: string;
  readonly scope?: string;
  readonly events?: readonly string[];
  readonly errors?: Readonly<Record<string, string>>;
}

/** What the Webhooks page shows. */
export interface WebhooksPageState {
  readonly chrome: Chrome;
  readonly workspaceName: string;
  /** Owners and admins: the forms are shown (the use cases decide again). */
  readonly mayManage: boolean;
  readonly entries: readonly WebhookEntry[];
  readonly shown?: ShownSecret;
  readonly notice?: string;
  readonly error?: string;
  readonly form?: WebhookFormState;
}

/** The types a filter may name: a test event goes to its endpoint whatever the filter, so it is not a choice. */
const CHOOSABLE = EVENT_TYPES.filter((type) => type !== "webhook.test");

/** /dashboard/webhooks: add an endpoint, its secret once, and each endpoint with its controls and newest deliveries. */
export function webhooksPage(state: WebhooksPageState): SafeHtml {
  const count = `${state.entries.length} of ${MAX_WEBHOOKS_PER_WORKSPACE} endpoints`;
  return layout("Webhooks", html`<div class="page-head"><div><h1>Webhooks</h1>
<p class="subtle">Workspace <strong>${state.workspaceName}</strong> · ${count}. Events are signed per the Standard Webhooks specification.</p></div></div>
${state.notice ? html`<div class="notice" role="status">${state.notice}</div>` : ""}
${state.error ? html`<div class="warning" role="alert">${state.error}</div>` : ""}
${state.shown ? secretCard(state.shown) : ""}
${state.mayManage ? addForm(state) : html`<p class="subtle" data-read-only>Only owners and admins can add or change webhook endpoints; you can see them and their deliveries.</p>`}
${state.entries.length === 0 ? html`<section class="card empty"><strong>No webhook endpoints yet</strong>Add one to receive this workspace's events.</section>` : ""}
${state.entries.map((entry) => endpointCard(state, entry))}`, state.chrome);
}

function secretCard(shown: ShownSecret): SafeHtml {
  const title = shown.rotation ? "Secret rotated" : "Endpoint added";
  return html`<section class="card" aria-labelledby="secret-heading" data-webhook-secret>
<h2 id="secret-heading">${title}: <span class="mono">${shown.webhook.url}</span></h2>
${shown.rotation ? html`<p class="notice" data-grace>The previous secret also signs every delivery until ${formatTimeSeconds(shown.rotation.previousSecretExpiresAt)}.</p>` : ""}
<div class="warning" role="alert"><strong>Copy this signing secret now.</strong>It is shown only this once. Your receiver verifies each delivery's <code>webhook-signature</code> with it.</div>
<div class="secret-box"><code id="webhook-secret" data-secret>${shown.secret}</code>
<button type="button" data-copy="webhook-secret" aria-live="polite" hidden>Copy</button></div>
</section>`;
}

function addForm(state: WebhooksPageState): SafeHtml {
  const form = state.form ?? {};
  const url = fieldError("webhook-url", form.errors?.url);
  const description = fieldError("webhook-description", form.errors?.description);
  const some = form.scope === "some";
  const chosen = new Set(form.events ?? []);
  const boxes = CHOOSABLE.map((type) => html`<label class="check"><input type="checkbox" name="events" value="${type}"${chosen.has(type) ? html` checked` : ""}> <code>${type}</code></label>`);
  return html`<section class="card" aria-labelledby="add-heading"><h2 id="add-heading">Add an endpoint</h2>
<form method="post" action="/dashboard/webhooks" class="stack" novalidate>
<input type="hidden" name="csrf" value="${state.chrome.csrfToken}">
<div class="field"><label for="webhook-url">Endpoint URL <span class="hint">https:, on a public address</span></label>
<input id="webhook-url" name="url" type="url" required maxlength="${MAX_WEBHOOK_URL_LENGTH}" placeholder="https://example.com/webhooks" autocomplete="off" value="${form.url ?? ""}"${url.attrs}>${url.text}</div>
<div class="field"><label for="webhook-description">Description <span class="hint">optional</span></label>
<input id="webhook-description" name="description" maxlength="${MAX_WEBHOOK_DESCRIPTION_LENGTH}" autocomplete="off" value="${form.description ?? ""}"${description.attrs}>${description.text}</div>
<fieldset class="events"><legend>Events</legend>
<label class="check"><input type="radio" name="scope" value="all"${some ? "" : html` checked`}> All events, including types added later</label>
<label class="check"><input type="radio" name="scope" value="some"${some ? html` checked` : ""}> Only the types chosen below</label>
<div class="checks">${boxes}</div>${form.errors?.events ? html`<span class="field-error" id="webhook-events-error">${form.errors.events}</span>` : ""}
</fieldset>
<div><button type="submit">Add endpoint</button></div>
</form></section>`;
}

function endpointCard(state: WebhooksPageState, entry: WebhookEntry): SafeHtml {
  const { webhook } = entry;
  return html`<section class="card" aria-label="Endpoint ${webhook.url}" data-webhook="${webhook.id}">
<div class="page-head"><div><h2 class="mono webhook-url">${webhook.url}</h2>
<p class="subtle">${webhook.description ? html`${webhook.description} · ` : ""}${eventsLabel(webhook)} · created <time datetime="${webhook.createdAt}">${formatTimeShort(webhook.createdAt)}</time> UTC</p></div>
<div>${webhook.enabled ? html`<span class="badge active" data-enabled>Enabled</span>` : html`<span class="badge revoked" data-enabled>Disabled</span>`}</div></div>
${state.mayManage ? controls(state.chrome, webhook) : ""}
<h3>Newest deliveries</h3>
${deliveriesTable(state.chrome, webhook, entry.deliveries, state.mayManage)}
${entry.more ? html`<div class="actions"><a class="button secondary small" href="${webhookPath(webhook)}/deliveries">All deliveries</a></div>` : ""}
</section>`;
}

function controls(chrome: Chrome, webhook: WebhookView): SafeHtml {
  const at = webhookPath(webhook);
  const on = webhook.enabled;
  return html`<div class="actions webhook-actions">
${postButton(chrome.csrfToken, `${at}/${on ? "disable" : "enable"}`, on ? "Disable" : "Enable", { ariaLabel: `${on ? "Disable" : "Enable"} ${webhook.url}` })}
${on ? postButton(chrome.csrfToken, `${at}/test`, "Send test", { ariaLabel: `Send a test event to ${webhook.url}` }) : ""}
${postButton(chrome.csrfToken, `${at}/rotate`, "Rotate secret", { ariaLabel: `Rotate the secret of ${webhook.url}` })}
<a class="button secondary small" href="${at}/delete" aria-label="Delete ${webhook.url}">Delete</a>
</div>`;
}
