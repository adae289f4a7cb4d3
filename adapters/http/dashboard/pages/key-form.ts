import { ENVIRONMENTS, type Environment, type RateLimitPolicy } from "../../../../domain/api-key.ts";
import { MAX_KEY_NAME_LENGTH } from "../../../../application/create-key.ts";
import { EXPIRY_CHOICES, type KeyFormValues, type ToolChoice, type ToolChoices } from "../key-form-input.ts";
import { html, type SafeHtml } from "../html.ts";
import { fieldError } from "./layout.ts";

/** The create form as submitted, shown again with its errors after a refusal. */
export type KeyFormState = Partial<KeyFormValues> & { readonly errors?: Readonly<Record<string, string>> };

/** What the create form shows: the session's CSRF token, this server's defaults and tools, and the values entered. */
export interface KeyFormOptions {
  readonly csrfToken: string;
  readonly appEnv: Environment;
  readonly defaultPolicy: RateLimitPolicy;
  readonly choices: ToolChoices;
  readonly form: KeyFormState;
}

/**
 * The create form: name, environment, limit and window, expiry, and the tools and categories the key may call
 * (as restricted keys and fine-grained tokens offer). A plain form: key-form.js only filters the tool list and
 * shows the date field when it applies.
 */
export function createKeyForm(options: KeyFormOptions): SafeHtml {
  const { form, defaultPolicy } = options;
  const name = fieldError("key-name", form.errors?.name);
  const limit = fieldError("key-limit", form.errors?.limit);
  const window = fieldError("key-window", form.errors?.window);
  const env = form.env ?? options.appEnv;
  return html`<link rel="stylesheet" href="/dashboard/assets/keys.css">
<section class="card" aria-labelledby="create-heading">
<h2 id="create-heading">Create a key</h2>
<p class="subtle form-note">This server accepts <strong>${options.appEnv}</strong> keys. The secret is shown once, right after creation.</p>
<form method="post" action="/dashboard/keys" class="key-form" novalidate data-key-form>
<input type="hidden" name="csrf" value="${options.csrfToken}">
<div class="key-fields">
<div class="field wide"><label for="key-name">Name <span class="hint">what uses it, e.g. "billing-service prod"</span></label>
<input id="key-name" name="name" required maxlength="${MAX_KEY_NAME_LENGTH}" autocomplete="off" value="${form.name ?? ""}"${name.attrs}>${name.text}</div>
<div class="field"><label for="key-env">Environment</label>
<select id="key-env" name="env">${ENVIRONMENTS.map((candidate) => option(candidate, candidate, env))}</select></div>
<div class="field"><label for="key-limit">Requests <span class="hint">per window</span></label>
<input id="key-limit" name="limit" type="number" min="1" max="1000000000" inputmode="numeric" placeholder="${defaultPolicy.limit}" value="${form.limit ?? ""}"${limit.attrs}>${limit.text}</div>
<div class="field"><label for="key-window">Window <span class="hint">seconds</span></label>
<input id="key-window" name="window" type="number" min="1" max="86400" inputmode="numeric" placeholder="${defaultPolicy.windowMs / 1000}" value="${form.window ?? ""}"${window.attrs}>${window.text}</div>
${expiryFields(form)}
</div>
${scopePicker(options.choices, form)}
<button type="submit">Create key</button>
</form>
</section>
<script src="/dashboard/assets/key-form.js" defer></script>`;
}

const option = (value: string, label: string, chosen: string) =>
  html`<option value="${value}"${value === chosen ? html` selected` : ""}>${label}</option>`;

function expiryFields(form: KeyFormState): SafeHtml {
  const expires = fieldError("key-expires", form.errors?.expires);
  return html`<div class="field"><label for="key-expires">Expires</label>
<select id="key-expires" name="expires"${expires.attrs}>${EXPIRY_CHOICES.map(([value, label]) => option(value, label, form.expires ?? ""))}</select>${expires.text}</div>
<div class="field" data-expiry-date><label for="key-expires-on">Expiry date <span class="hint">00:00 UTC</span></label>
<input id="key-expires-on" name="expiresOn" type="date" value="${form.expiresOn ?? ""}"${expires.attrs}></div>`;
}

/** "Every tool", or what is checked: "2 tools, 1 category". key-form.js keeps it current as boxes change. */
export function scopeCount(tools: number, categories: number): string {
  if (tools + categories === 0) return "Every tool";
  const part = (count: number, one: string, many: string) => (count === 0 ? [] : [`${count} ${count === 1 ? one : many}`]);
  return [...part(tools, "tool", "tools"), ...part(categories, "category", "categories")].join(", ");
}

function scopePicker(choices: ToolChoices, form: KeyFormState): SafeHtml | string {
  if (choices.tools.length === 0) return "";
  const tools = new Set(form.tools ?? []);
  const categories = new Set(form.categories ?? []);
  const toolError = fieldError("key-tools", form.errors?.tools);
  const categoryError = fieldError("key-categories", form.errors?.categories);
  const open = tools.size + categories.size > 0 || form.errors?.tools || form.errors?.categories;
  const groups = choices.categories.map((category) => toolGroup(category, choices.tools.filter((tool) => tool.category === category), tools));
  return html`<details class="scope-picker" data-scope-picker${open ? html` open` : ""}>
<summary>Tools this key may call: <strong data-scope-count>${scopeCount(tools.size, categories.size)}</strong></summary>
<p class="subtle">None checked: every tool, including tools added later. Checked: only those tools, and every tool of the checked categories; other calls get 403 <code>forbidden_tool</code>.</p>
<fieldset class="scope-group"${categoryError.attrs}><legend>Categories</legend>
<div class="checks">${choices.categories.map((category) => check("categories", category, category, categories.has(category)))}</div>${categoryError.text}</fieldset>
<fieldset class="scope-group"${toolError.attrs}><legend>Tools</legend>${toolError.text}
<div class="field tool-filter" data-tool-filter hidden><label for="tool-filter">Filter tools</label>
<input id="tool-filter" type="search" autocomplete="off" placeholder="hash, json, uuid…" aria-controls="tool-list"></div>
<div class="tool-list" id="tool-list">${groups}<p class="subtle" data-tool-none hidden>No tool matches.</p></div>
</fieldset>
</details>`;
}

function toolGroup(category: string, tools: readonly ToolChoice[], checked: ReadonlySet<string>): SafeHtml {
  return html`<div class="tool-group" data-tool-group><p class="tool-group-name">${category}</p><div class="checks">${tools.map((tool) =>
    check("tools", tool.id, html`${tool.name} <code>${tool.id}</code>`, checked.has(tool.id), `${tool.id} ${tool.name} ${tool.category}`.toLowerCase(), tool.description))}</div></div>`;
}

function check(name: string, value: string, label: SafeHtml | string, checked: boolean, search?: string, title?: string): SafeHtml {
  return html`<label class="check"${search ? html` data-search="${search}"` : ""}${title ? html` title="${title}"` : ""}><input type="checkbox" name="${name}" value="${value}"${checked ? html` checked` : ""}> <span>${label}</span></label>`;
}
