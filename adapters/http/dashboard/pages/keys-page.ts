import type { Environment, RateLimitPolicy } from "../../../../domain/api-key.ts";
import type { ApiKeySummary } from "../../../../domain/api-key-summary.ts";
import type { ToolChoices } from "../key-form-input.ts";
import { html, type SafeHtml } from "../html.ts";
import { createKeyForm, type KeyFormState } from "./key-form.ts";
import { keysTable } from "./keys-table.ts";
import { type Chrome, layout } from "./layout.ts";

export type { KeyFormState } from "./key-form.ts";

export interface KeysPageState {
  readonly chrome: Chrome;
  readonly workspaceName: string;
  readonly keys: readonly ApiKeySummary[];
  readonly appEnv: Environment;
  readonly defaultPolicy: RateLimitPolicy;
  /** The tools and categories a key may be limited to; no picker when there are none. */
  readonly toolChoices?: ToolChoices;
  readonly form?: KeyFormState;
  readonly notice?: string;
  /** Each key's calls over the last 24 h (absent keys: none). */
  readonly calls24h?: ReadonlyMap<string, number>;
  /** Whether the viewer may rotate, edit and revoke this key (a member: only keys it created); every key when absent. */
  readonly mayChange?: (key: ApiKeySummary) => boolean;
}

export function keysPage(state: KeysPageState): SafeHtml {
  const active = state.keys.filter((key) => key.status === "active").length;
  const form = createKeyForm({
    csrfToken: state.chrome.csrfToken, appEnv: state.appEnv, defaultPolicy: state.defaultPolicy,
    choices: state.toolChoices ?? { tools: [], categories: [] }, form: state.form ?? {},
  });
  return layout("API keys", html`<div class="page-head">
<div><h1>API keys</h1><p class="subtle">Workspace <strong>${state.workspaceName}</strong> · ${active} active of ${state.keys.length}</p></div>
</div>
${state.notice ? html`<div class="notice" role="status">${state.notice}</div>` : ""}
${form}
<section class="card" aria-labelledby="keys-heading">
<h2 id="keys-heading">Keys</h2>
${state.keys.length === 0 ? emptyState() : keysTable(state.keys, state.calls24h ?? new Map(), state.mayChange ?? (() => true))}
</section>`, state.chrome);
}

function emptyState(): SafeHtml {
  return html`<div class="empty"><strong>No keys in this workspace yet</strong>Create one above; its secret is shown once, right after creation.</div>`;
}
