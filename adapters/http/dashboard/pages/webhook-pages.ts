import type { DeliveryView } from "../../../../application/outbox-items.ts";
import type { WebhookView } from "../../../../domain/webhook.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatTime, formatTimeShort } from "./format.ts";
import { type Chrome, layout } from "./layout.ts";

/** The base path of one endpoint's pages and forms. */
export const webhookPath = (webhook: Pick<WebhookView, "id">): string => `/dashboard/webhooks/${encodeURIComponent(webhook.id)}`;

const STATUS_BADGE: Record<DeliveryView["status"], string> = { pending: "badge", delivered: "badge active", failed: "badge revoked" };

/** "All events", or the chosen types. */
export const eventsLabel = (webhook: WebhookView): string => (webhook.events === null ? "All events" : webhook.events.join(", "));

/** A hidden CSRF field and a one-button POST form. */
export function postButton(csrf: string, action: string, label: string, options: { className?: string; ariaLabel?: string } = {}): SafeHtml {
  return html`<form method="post" action="${action}" class="row-actions"><input type="hidden" name="csrf" value="${csrf}">
<button type="submit" class="${options.className ?? "secondary small"}"${options.ariaLabel ? html` aria-label="${options.ariaLabel}"` : ""}>${label}</button></form>`;
}

/** An endpoint's deliveries, newest first, each with a Redeliver button for those who may send. */
export function deliveriesTable(chrome: Chrome, webhook: WebhookView, deliveries: readonly DeliveryView[], mayManage: boolean): SafeHtml {
  if (deliveries.length === 0) return html`<p class="subtle" data-no-deliveries>No deliveries yet. Send a test to see one here.</p>`;
  const rows = deliveries.map((delivery) => html`<tr data-delivery="${delivery.id}">
<td data-label="Event"><code>${delivery.type}</code><span class="grace mono">${delivery.eventId}</span></td>
<td data-label="Status"><span class="${STATUS_BADGE[delivery.status]}" data-status>${delivery.status}</span></td>
<td data-label="Attempts">${String(delivery.attempts)}</td>
<td data-label="Last attempt (UTC)" class="nowrap">${delivery.lastAttemptAt ? html`<time datetime="${delivery.lastAttemptAt}">${formatTimeShort(delivery.lastAttemptAt)}</time>` : "–"}</td>
<td data-label="Response">${delivery.responseStatus === null ? "–" : String(delivery.responseStatus)}</td>
<td data-label="Error" class="delivery-error">${delivery.error ?? ""}</td>
<td data-label="" class="end">${mayManage && webhook.enabled ? postButton(chrome.csrfToken, `${webhookPath(webhook)}/deliveries/${encodeURIComponent(delivery.id)}/redeliver`, "Redeliver", { ariaLabel: `Redeliver ${delivery.type} ${delivery.eventId}` }) : ""}</td>
</tr>`);
  return html`<div class="table-wrap"><table class="deliveries">
<thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last attempt <span class="tz">UTC</span></th><th scope="col">Response</th><th scope="col">Error</th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/** What the deliveries page of one endpoint shows. */
export interface DeliveriesPageState {
  readonly chrome: Chrome;
  readonly webhook: WebhookView;
  readonly deliveries: readonly DeliveryView[];
  readonly mayManage: boolean;
  /** The cursor of the next (older) page; null on the last. */
  readonly nextCursor: string | null;
  /** Whether this page is past the newest. */
  readonly older: boolean;
  readonly notice?: string;
  readonly error?: string;
}

/** /dashboard/webhooks/{id}/deliveries: every delivery of one endpoint, 50 a page. */
export function webhookDeliveriesPage(state: DeliveriesPageState): SafeHtml {
  const { webhook } = state;
  const older = state.nextCursor === null ? "" : html`<a class="button secondary" href="${webhookPath(webhook)}/deliveries?cursor=${encodeURIComponent(state.nextCursor)}">Older deliveries</a>`;
  const newest = state.older ? html`<a class="button secondary" href="${webhookPath(webhook)}/deliveries">Newest</a>` : "";
  return layout("Deliveries", html`<div class="page-head"><div><h1>Deliveries</h1>
<p class="subtle"><span class="mono">${webhook.url}</span> · ${eventsLabel(webhook)}</p></div>
<div><a class="button secondary" href="/dashboard/webhooks">Back to webhooks</a></div></div>
${state.notice ? html`<div class="notice" role="status">${state.notice}</div>` : ""}
${state.error ? html`<div class="warning" role="alert">${state.error}</div>` : ""}
<section class="card" aria-label="Deliveries">${deliveriesTable(state.chrome, webhook, state.deliveries, state.mayManage)}
${older || newest ? html`<div class="actions">${newest}${older}</div>` : ""}</section>`, state.chrome);
}

/** The confirmation step before deleting an endpoint. */
export function deleteWebhookConfirmPage(chrome: Chrome, webhook: WebhookView): SafeHtml {
  return layout("Delete webhook endpoint", html`<div class="card narrow">
<h1>Delete this endpoint?</h1>
<p class="subtle">Nothing more is sent to it, pending deliveries included. This cannot be undone.</p>
${webhookSummary(webhook)}
<form method="post" action="${webhookPath(webhook)}/delete" class="actions">
<input type="hidden" name="csrf" value="${chrome.csrfToken}">
<button type="submit" class="danger">Delete endpoint</button>
<a class="button secondary" href="/dashboard/webhooks">Cancel</a>
</form>
</div>`, chrome);
}

/** URL, events, description, state and creation of an endpoint. */
export function webhookSummary(webhook: WebhookView): SafeHtml {
  return html`<dl class="summary">
<dt>URL</dt><dd class="mono" data-url>${webhook.url}</dd>
<dt>Events</dt><dd>${eventsLabel(webhook)}</dd>
${webhook.description ? html`<dt>Description</dt><dd>${webhook.description}</dd>` : ""}
<dt>State</dt><dd>${webhook.enabled ? "Enabled" : "Disabled"}</dd>
<dt>Created</dt><dd>${formatTime(webhook.createdAt)}</dd>
</dl>`;
}
