import type { KeyScopes } from "../../../../domain/api-key.ts";
import type { ApiKeySummary } from "../../../../domain/api-key-summary.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatLimit, formatTime, formatTimeSeconds } from "./format.ts";
import { expiryText } from "./rotate-page.ts";

const STATUS_LABELS = { active: "Active", revoked: "Revoked", expired: "Expired" } as const;

/** "All tools", or the scope in a few words ("hash-text, all of crypto", "hash-text +2 more"); the whole list in `scopeList`. */
export function scopeSummary(scopes: KeyScopes | null): string {
  if (!scopes) return "All tools";
  const items = [...scopes.tools, ...scopes.categories.map((category) => `all of ${category}`)];
  return items.length <= 2 ? items.join(", ") : `${items[0]} +${items.length - 1} more`;
}

/** Every tool and category of a scope, for a title or a summary list. */
export function scopeList(scopes: KeyScopes | null): string {
  if (!scopes) return "Every tool, including tools added later";
  const parts = [scopes.tools.length > 0 ? `Tools: ${scopes.tools.join(", ")}` : "", scopes.categories.length > 0 ? `Categories: ${scopes.categories.join(", ")}` : ""];
  return parts.filter((part) => part !== "").join(". ");
}

/**
 * The keys, newest first. Seven narrow columns, two-line cells, so that every row's Edit, Rotate and Revoke stay in
 * view from 1024 px up; on phones each row becomes a card (dashboard.css).
 */
export function keysTable(keys: readonly ApiKeySummary[], calls24h: ReadonlyMap<string, number>, mayChange: (key: ApiKeySummary) => boolean): SafeHtml {
  const now = Date.now();
  const rows = [...keys].reverse().map((key) => html`<tr class="${key.status}">
<td data-label="Name" class="name"><span>${key.name}</span></td>
<td data-label="Key"><div class="cell"><span class="mono nowrap">${key.prefix}…</span><span class="badge env-${key.env}">${key.env}</span></div></td>
<td data-label="Limit and tools" class="access"><div class="cell"><span class="nowrap">${formatLimit(key.limit, key.windowSeconds)}</span><span class="sub" title="${scopeList(key.scopes)}" data-scope>${scopeSummary(key.scopes)}</span></div></td>
<td data-label="Last used (UTC)" class="used"><div class="cell"><span>${key.lastUsedAt ? lastUsed(key.lastUsedAt) : "Never"}</span><span class="sub">created <time class="nowrap" datetime="${key.createdAt}">${key.createdAt.slice(0, 10)}</time></span></div></td>
<td data-label="Calls (24 h)" class="num calls-24h"><a href="/dashboard/usage?range=24h">${(calls24h.get(key.id) ?? 0).toLocaleString("en-US")}</a></td>
<td data-label="Status"><div class="cell">${statusCell(key, now)}</div></td>
<td data-label="" class="end">${key.status === "active" && mayChange(key) ? actions(key) : ""}</td>
</tr>`);
  return html`<div class="table-wrap"><table class="keys">
<thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Limit · tools</th><th scope="col">Last used <span class="tz">UTC</span></th><th scope="col" class="num">Calls <span class="tz">24 h</span></th><th scope="col">Status</th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`;
}

/** "2026-01-01 12:00", breaking only between the date and the time when the column is narrow. */
const lastUsed = (iso: string): SafeHtml =>
  html`<time datetime="${iso}"><span class="nowrap">${iso.slice(0, 10)}</span> <span class="nowrap">${iso.slice(11, 16)}</span></time>`;

function statusCell(key: ApiKeySummary, now: number): SafeHtml {
  const expiry = key.status === "active" && key.expiresAt
    ? html`<span class="sub" data-expiry><time datetime="${key.expiresAt}" title="${formatTime(key.expiresAt)}">${expiryText(key, now)}</time></span>` : "";
  const grace = key.status === "active" && key.previousSecretExpiresAt
    ? html`<span class="grace" data-grace>previous secret valid until <time datetime="${key.previousSecretExpiresAt}">${formatTimeSeconds(key.previousSecretExpiresAt)}</time></span>` : "";
  return html`<span class="badge ${key.status}">${STATUS_LABELS[key.status]}</span>${expiry}${grace}`;
}

function actions(key: ApiKeySummary): SafeHtml {
  const at = `/dashboard/keys/${encodeURIComponent(key.id)}`;
  return html`<div class="row-actions"><a class="button secondary small" href="${at}/edit" aria-label="Edit ${key.name}">Edit</a><a class="button secondary small" href="${at}/rotate" aria-label="Rotate ${key.name}">Rotate</a><a class="button secondary small danger-text" href="${at}/revoke" aria-label="Revoke ${key.name}">Revoke</a></div>`;
}
