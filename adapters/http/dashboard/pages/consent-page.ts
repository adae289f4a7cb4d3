import type { AuthorizationParams, OAuthClient } from "../../../../application/oauth-use-cases.ts";
import type { KeyScopes } from "../../../../domain/api-key.ts";
import type { Workspace } from "../../../../domain/workspace.ts";
import { html, type SafeHtml } from "../html.ts";
import { layout } from "./layout.ts";

/** The authorization request's parameters the consent form carries back, as GET /oauth/authorize received them. */
export const AUTHORIZATION_PARAMS = ["response_type", "client_id", "redirect_uri", "code_challenge", "code_challenge_method", "state", "resource", "scope"] as const;

/** What the consent page shows: who asks, where the answer goes, and what the person may grant. */
export interface ConsentPageState {
  readonly email: string;
  /** The session's CSRF token: the form is not bound to a workspace, it names its own. */
  readonly csrf: string;
  readonly client: OAuthClient;
  readonly redirectHost: string;
  readonly params: AuthorizationParams;
  /** The workspaces where the account may create keys; the current one first selected. */
  readonly workspaces: readonly Workspace[];
  readonly selectedWorkspaceId: string;
  /** Every tool category this server offers. */
  readonly categories: readonly string[];
  /** What the client asked for (null: every tool), or what the person chose before an error. */
  readonly scope: KeyScopes | null;
  readonly error?: string;
}

/** GET /oauth/authorize for a signed-in account: the client, its redirect host, the workspace and tools, Approve or Deny. */
export function consentPage(state: ConsentPageState): SafeHtml {
  const { client } = state;
  const chosen = new Set(state.scope?.categories ?? []);
  const some = state.scope !== null && chosen.size > 0;
  const hidden = AUTHORIZATION_PARAMS.flatMap((name) => {
    const value = state.params[name];
    return value === undefined ? [] : [html`<input type="hidden" name="${name}" value="${value}">`];
  });
  const options = state.workspaces.map((workspace) =>
    html`<option value="${workspace.id}"${workspace.id === state.selectedWorkspaceId ? html` selected` : ""}>${workspace.name}</option>`);
  const boxes = state.categories.map((category) =>
    html`<label class="check"><input type="checkbox" name="categories" value="${category}"${chosen.has(category) ? html` checked` : ""}> <code>${category}</code></label>`);
  return layout(`Allow ${client.clientName}?`, html`<div class="card narrow" data-consent>
<h1>Allow <span data-client-name>${client.clientName}</span> to use your tools?</h1>
<p>It will call this server's tools over MCP as a key of the workspace you choose, within that key's limit; the key shows in the workspace as <strong>MCP: ${client.clientName}</strong>, and revoking it ends this access at once.</p>
<div class="warning"><strong>Answers go to <span class="mono" data-redirect-host>${state.redirectHost}</span></strong>${clientOrigin(client)}</div>
${state.error ? html`<div class="error" role="alert">${state.error}</div>` : ""}
<form method="post" action="/oauth/authorize" class="stack" novalidate>
<input type="hidden" name="csrf" value="${state.csrf}">
${hidden}
<div class="field"><label for="consent-workspace">Workspace</label>
<select id="consent-workspace" name="workspaceId">${options}</select></div>
<fieldset class="events"><legend>Tools it may call</legend>
<label class="check"><input type="radio" name="tools" value="all"${some ? "" : html` checked`}> Every tool, including tools added later</label>
<label class="check"><input type="radio" name="tools" value="chosen"${some ? html` checked` : ""}> Only the categories chosen below</label>
<div class="checks">${boxes}</div>
</fieldset>
<div class="actions"><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button></div>
</form>
<p class="subtle">Signed in as ${state.email}.</p>
</div>`);
}

/** Who vouches for the name: a registered client names itself; a metadata document is served from its client_id's host. */
function clientOrigin(client: OAuthClient): SafeHtml {
  if (client.kind === "metadata-document") {
    return html`The client's description is published at <span class="mono">${hostOf(client.clientId)}</span>.`;
  }
  return html`The client registered itself with this server: its name is its own claim. Approve only if you started this from ${client.clientName}.`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
