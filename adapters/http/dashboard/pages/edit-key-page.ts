import type { ApiKeySummary } from "../../../../domain/api-key-summary.ts";
import { html, type SafeHtml } from "../html.ts";
import { type Chrome, layout } from "./layout.ts";

export interface EditKeyValues {
  readonly name: string;
  readonly limit: string;
  readonly window: string;
}

/** Name, limit and window of a key, changed without a new secret; `errors` by field name. */
export function editKeyPage(chrome: Chrome, key: ApiKeySummary, values: EditKeyValues, errors: Record<string, string> = {}): SafeHtml {
  const problem = (name: string) => (errors[name] ? html`<p id="${name}-error" class="field-error">${errors[name]}</p>` : "");
  const invalid = (name: string) => (errors[name] ? html` aria-invalid="true" aria-describedby="${name}-error"` : "");
  return layout("Edit key", html`<div class="card narrow">
<h1>Edit “${key.name}”</h1>
<p class="subtle">The secret stays the same; a new limit applies from the next request.</p>
<form method="post" action="/dashboard/keys/${encodeURIComponent(key.id)}/edit" class="stack">
<input type="hidden" name="csrf" value="${chrome.csrfToken}">
<label for="edit-name">Name</label>
<input id="edit-name" name="name" maxlength="64" required value="${values.name}"${invalid("name")}>
${problem("name")}
<label for="edit-limit">Requests per window</label>
<input id="edit-limit" name="limit" type="number" min="1" max="1000000000" required value="${values.limit}"${invalid("limit")}>
${problem("limit")}
<label for="edit-window">Window (seconds)</label>
<input id="edit-window" name="window" type="number" min="1" max="86400" required value="${values.window}"${invalid("windowSeconds")}>
${problem("windowSeconds")}
<div class="actions"><button type="submit">Save changes</button><a class="button secondary" href="/dashboard/keys">Cancel</a></div>
</form>
</div>`, chrome);
}
