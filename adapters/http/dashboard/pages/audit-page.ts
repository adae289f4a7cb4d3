import type { AuditActor, AuditEntry } from "../../../../domain/audit.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatTimeShort } from "./format.ts";
import { type Chrome, layout } from "./layout.ts";

/** Where a page of the log sits: the cursor of the next (older) page, and whether this one is past the newest. */
export interface AuditPaging {
  readonly nextCursor: string | null;
  readonly older: boolean;
}

/** One page of the current workspace's audit events, newest first: who did what to which key or member; never a secret. */
export function auditPage(
  chrome: Chrome, workspaceName: string, events: readonly AuditEntry[], emails: ReadonlyMap<string, string>,
  paging: AuditPaging = { nextCursor: null, older: false },
): SafeHtml {
  const rows = events.map((event) => html`<tr>
<td data-label="When (UTC)" class="nowrap"><time datetime="${event.at}">${formatTimeShort(event.at)}</time></td>
<td data-label="Event"><span class="badge">${event.type}</span></td>
<td data-label="Subject" class="name">${subjectOf(event)}</td>
<td data-label="By">${event.actorEmail ?? actorText(event.actor, emails)}</td>
<td data-label="What changed">${detailsOf(event)}</td>
</tr>`);
  const body = events.length === 0
    ? html`<div class="empty"><strong>No events yet</strong>Creating, rotating, changing or revoking a key records an event here.</div>`
    : html`<div class="table-wrap"><table>
<thead><tr><th scope="col">When <span class="tz">UTC</span></th><th scope="col">Event</th><th scope="col">Subject</th><th scope="col">By</th><th scope="col">What changed</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`;
  return layout("Audit log", html`<div class="page-head"><div><h1>Audit log</h1><p class="subtle">${workspaceName}</p></div></div>
<section class="card">${body}${pager(paging)}</section>`, chrome);
}

function pager(paging: AuditPaging): SafeHtml | string {
  if (!paging.older && paging.nextCursor === null) return "";
  const newest = paging.older ? html`<a class="button secondary" href="/dashboard/audit">Newest events</a>` : "";
  const older = paging.nextCursor === null ? "" : html`<a class="button secondary" href="/dashboard/audit?cursor=${encodeURIComponent(paging.nextCursor)}">Older events</a>`;
  return html`<nav class="actions" aria-label="Audit log pages">${newest}${older}</nav>`;
}

/** The key (its name beside its id), the pack, or the member or address the event is about. */
function subjectOf(event: AuditEntry): SafeHtml | string {
  if (event.keyId) return html`<span>${event.keyName ?? ""}</span> <code class="subtle">${event.keyId}</code>`;
  if (event.packId) return html`<code>${event.packId}</code>`;
  if (event.webhookId) return html`<span>Webhook</span> <code class="subtle">${event.webhookId}</code>`;
  if (event.passkeyId) return html`<span>Passkey ${event.passkeyName ?? ""}</span>`;
  if (event.type.startsWith("account.")) return html`<span>Your account</span>`;
  return html`<span>${event.memberEmail ?? event.email ?? event.memberAccountId ?? ""}</span>`;
}

/** key.updated: each field and its new value; member events: the role (and the one before). */
function detailsOf(event: AuditEntry): string {
  if (event.newValues) return Object.entries(event.newValues).map(([field, value]) => `${field} → ${value}`).join(", ");
  if (event.reason) return event.reason;
  if (event.changes) return event.changes.join(", ");
  if (event.previousRole && event.role) return `${event.previousRole} → ${event.role}`;
  return event.role ? `as ${event.role}` : "";
}

function actorText(actor: AuditActor, emails: ReadonlyMap<string, string>): string {
  if ("accountId" in actor) return emails.get(actor.accountId) ?? actor.accountId;
  return "cli" in actor ? "CLI" : "System (expiry)";
}
