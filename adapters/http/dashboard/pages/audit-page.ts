import type { AuditActor, AuditEvent } from "../../../../domain/audit.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatTimeShort } from "./format.ts";
import { type Chrome, layout } from "./layout.ts";

/** Where a page of the log sits: the cursor of the next (older) page, and whether this one is past the newest. */
export interface AuditPaging {
  readonly nextCursor: string | null;
  readonly older: boolean;
}

/** One page of the current workspace's audit events, newest first; ids and emails only, never a secret. */
export function auditPage(
  chrome: Chrome, workspaceName: string, events: readonly AuditEvent[], emails: ReadonlyMap<string, string>,
  paging: AuditPaging = { nextCursor: null, older: false },
): SafeHtml {
  const rows = events.map((event) => html`<tr>
<td data-label="When (UTC)" class="nowrap"><time datetime="${event.at}">${formatTimeShort(event.at)}</time></td>
<td data-label="Event"><span class="badge">${event.type}</span></td>
<td data-label="Key" class="mono nowrap">${event.keyId ?? event.packId ?? ""}</td>
<td data-label="By">${actorText(event.actor, emails)}</td>
<td data-label="Changes">${event.changes?.join(", ") ?? ""}</td>
</tr>`);
  const body = events.length === 0
    ? html`<div class="empty"><strong>No events yet</strong>Creating, rotating, changing or revoking a key records an event here.</div>`
    : html`<div class="table-wrap"><table>
<thead><tr><th scope="col">When <span class="tz">UTC</span></th><th scope="col">Event</th><th scope="col">Key</th><th scope="col">By</th><th scope="col">Changes</th></tr></thead>
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

function actorText(actor: AuditActor, emails: ReadonlyMap<string, string>): string {
  if ("accountId" in actor) return emails.get(actor.accountId) ?? actor.accountId;
  return "cli" in actor ? "CLI" : "System (expiry)";
}
