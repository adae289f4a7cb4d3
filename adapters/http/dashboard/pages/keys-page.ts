import { type ApiKeySummary, ENVIRONMENTS, type Environment, type RateLimitPolicy } from "../../../../domain/api-key.ts";
import { MAX_KEY_NAME_LENGTH } from "../../../../application/create-key.ts";
import { expiryText } from "./rotate-page.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatLimit, formatTimeSeconds, formatTimeShort } from "./format.ts";
import { type Chrome, fieldError, layout } from "./layout.ts";

/** The create form as submitted, shown again with its errors after a refusal. */
export interface KeyFormState {
  readonly name?: string;
  readonly env?: string;
  readonly limit?: string;
  readonly window?: string;
  readonly errors?: Readonly<Record<string, string>>;
}

export interface KeysPageState {
  readonly chrome: Chrome;
  readonly workspaceName: string;
  readonly keys: readonly ApiKeySummary[];
  readonly appEnv: Environment;
  readonly defaultPolicy: RateLimitPolicy;
  readonly form?: KeyFormState;
  readonly notice?: string;
  /** Each key's calls over the last 24 h (absent keys: none). */
  readonly calls24h?: ReadonlyMap<string, number>;
  /** Whether the viewer may rotate, edit and revoke this key (a member: only keys it created); every key when absent. */
  readonly mayChange?: (key: ApiKeySummary) => boolean;
}

export function keysPage(state: KeysPageState): SafeHtml {
  const active = state.keys.filter((key) => key.status === "active").length;
  return layout("API keys", html`<div class="page-head">
<div><h1>API keys</h1><p class="subtle">Workspace <strong>${state.workspaceName}</strong> · ${active} active of ${state.keys.length}</p></div>
</div>
${state.notice ? html`<div class="notice" role="status">${state.notice}</div>` : ""}
${createForm(state)}
<section class="card" aria-labelledby="keys-heading">
<h2 id="keys-heading">Keys</h2>
${state.keys.length === 0 ? emptyState() : keysTable(state.keys, state.calls24h ?? new Map(), state.mayChange ?? (() => true))}
</section>`, state.chrome);
}

function createForm(state: KeysPageState): SafeHtml {
  const form = state.form ?? {};
  const name = fieldError("key-name", form.errors?.name);
  const limit = fieldError("key-limit", form.errors?.limit);
  const env = form.env ?? state.appEnv;
  const options = ENVIRONMENTS.map((candidate) =>
    html`<option value="${candidate}"${candidate === env ? html` selected` : ""}>${candidate}</option>`);
  return html`<section class="card" aria-labelledby="create-heading">
<h2 id="create-heading">Create a key</h2>
<p class="subtle form-note">This server accepts <strong>${state.appEnv}</strong> keys. The secret is shown once, right after creation.</p>
<form method="post" action="/dashboard/keys" class="grid" novalidate>
<input type="hidden" name="csrf" value="${state.chrome.csrfToken}">
<div class="field">
<label for="key-name">Name <span class="hint">what uses it, e.g. "billing-service prod"</span></label>
<input id="key-name" name="name" required maxlength="${MAX_KEY_NAME_LENGTH}" autocomplete="off" value="${form.name ?? ""}"${name.attrs}>
${name.text}
</div>
<div class="field">
<label for="key-env">Environment</label>
<select id="key-env" name="env">${options}</select>
</div>
<div class="field">
<label for="key-limit">Requests <span class="hint">per window</span></label>
<input id="key-limit" name="limit" type="number" min="1" max="1000000000" inputmode="numeric" placeholder="${state.defaultPolicy.limit}" value="${form.limit ?? ""}"${limit.attrs}>
${limit.text}
</div>
<div class="field">
<label for="key-window">Window <span class="hint">seconds</span></label>
<input id="key-window" name="window" type="number" min="1" max="86400" inputmode="numeric" placeholder="${state.defaultPolicy.windowMs / 1000}" value="${form.window ?? ""}">
</div>
<button type="submit">Create key</button>
</form>
</section>`;
}

function emptyState(): SafeHtml {
  return html`<div class="empty"><strong>No keys in this workspace yet</strong>Create one above; its secret is shown once, right after creation.</div>`;
}

const STATUS_LABELS = { active: "Active", revoked: "Revoked", expired: "Expired" } as const;

function keysTable(keys: readonly ApiKeySummary[], calls24h: ReadonlyMap<string, number>, mayChange: (key: ApiKeySummary) => boolean): SafeHtml {
  const rows = [...keys].reverse().map((key) => html`<tr class="${key.status}">
<td data-label="Name" class="name"><span>${key.name}</span></td>
<td data-label="Environment"><span class="badge env-${key.env}">${key.env}</span></td>
<td data-label="Key" class="mono nowrap">${key.prefix}…</td>
<td data-label="Created (UTC)" class="nowrap"><time datetime="${key.createdAt}">${formatTimeShort(key.createdAt)}</time></td>
<td data-label="Last used (UTC)" class="nowrap">${key.lastUsedAt ? html`<time datetime="${key.lastUsedAt}">${formatTimeShort(key.lastUsedAt)}</time>` : "Never"}</td>
<td data-label="Limit" class="nowrap">${formatLimit(key.limit, key.windowSeconds)}</td>
<td data-label="Calls (24 h)" class="num calls-24h"><a href="/dashboard/usage?range=24h">${(calls24h.get(key.id) ?? 0).toLocaleString("en-US")}</a></td>
<td data-label="Status"><span class="badge ${key.status}">${STATUS_LABELS[key.status]}</span>${key.status === "active" && key.expiresAt ? html` <span class="subtle nowrap">${expiryText(key, Date.now())}</span>` : ""}${key.status === "active" && key.previousSecretExpiresAt ? html`<span class="grace" data-grace>previous secret valid until <time datetime="${key.previousSecretExpiresAt}">${formatTimeSeconds(key.previousSecretExpiresAt)}</time></span>` : ""}</td>
<td data-label="" class="end">${key.status === "active" && mayChange(key) ? html`<div class="row-actions"><a class="button secondary small" href="/dashboard/keys/${encodeURIComponent(key.id)}/edit" aria-label="Edit ${key.name}">Edit</a><a class="button secondary small" href="/dashboard/keys/${encodeURIComponent(key.id)}/rotate" aria-label="Rotate ${key.name}">Rotate</a><a class="button secondary small" href="/dashboard/keys/${encodeURIComponent(key.id)}/revoke" aria-label="Revoke ${key.name}">Revoke</a></div>` : ""}</td>
</tr>`);
  return html`<div class="table-wrap"><table>
<thead><tr><th scope="col">Name</th><th scope="col">Environment</th><th scope="col">Key</th><th scope="col">Created <span class="tz">UTC</span></th><th scope="col">Last used <span class="tz">UTC</span></th><th scope="col">Limit</th><th scope="col" class="num">Calls <span class="tz">24 h</span></th><th scope="col">Status</th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`;
}
