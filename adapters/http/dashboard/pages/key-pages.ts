import type { ApiKeySummary } from "../../../../domain/api-key-summary.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatLimit, formatTime } from "./format.ts";
import { scopeList } from "./keys-table.ts";
import { type Chrome, layout } from "./layout.ts";

/** The one page that ever shows a key's secret. */
export function keyCreatedPage(
  chrome: Chrome, key: ApiKeySummary, secret: string, origin: string, rotation?: { previousSecretExpiresAt: string | null },
): SafeHtml {
  const title = rotation ? "Key rotated" : "Key created";
  return layout(title, html`<div class="page-head"><div><h1>${title}</h1><p class="subtle">${key.name}</p></div></div>
<section class="card" aria-labelledby="secret-heading">
${rotation ? html`<p class="notice" data-grace>${rotation.previousSecretExpiresAt ? `The previous secret works until ${formatTime(rotation.previousSecretExpiresAt)}, then gets 401.` : "The previous secret no longer works."}</p>` : ""}
<div class="warning" role="alert"><strong>Copy this secret now.</strong>It is shown only this once: we store only a hash of it. If you lose it, revoke the key and create a new one.</div>
<h2 id="secret-heading">Secret</h2>
<div class="secret-box">
<code id="secret" data-secret>${secret}</code>
<button type="button" data-copy="secret" aria-live="polite" hidden>Copy</button>
</div>
${keySummary(key)}
<h3>Try it</h3>
<pre><code>curl -X POST ${origin}/api/v1/execute/hash-text \\
  -H "X-API-Key: $TOOL_API_KEY" -H "Content-Type: application/json" \\
  -d '{"input":{"algorithm":"sha256","text":"hello"}}'</code></pre>
${agentBox(origin)}
<div class="actions"><a class="button" href="/dashboard/keys">I have copied it, back to keys</a></div>
</section>`, chrome);
}

/**
 * "Use from an agent": the same key over MCP. Each snippet names the key in the one syntax its client expands (a bare
 * `$TOOL_API_KEY` would go out as those characters and get 401); the README's agent section has the same, tested.
 */
function agentBox(origin: string): SafeHtml {
  return html`<section class="agent-box" aria-labelledby="agent-heading" data-agent>
<h3 id="agent-heading">Use from an agent</h3>
<p class="subtle">AI agents call the same tools with this key over MCP at <code>${origin}/mcp</code>: its scope, packs and limit apply, one unit per tool call. Keep the key in the variable <code>TOOL_API_KEY</code>; each client below reads it from there (VS Code asks for it).</p>
<p class="subtle">Claude Code, in your project (the single quotes keep the placeholder for Claude Code to fill in):</p>
<pre><code data-client="claude-code">claude mcp add --transport http --scope project tools ${origin}/mcp --header 'Authorization: Bearer \${TOOL_API_KEY}'</code></pre>
<p class="subtle">Cursor, in <code>~/.cursor/mcp.json</code>:</p>
<pre><code data-client="cursor">{ "mcpServers": { "tools": { "url": "${origin}/mcp",
  "headers": { "Authorization": "Bearer \${env:TOOL_API_KEY}" } } } }</code></pre>
<p class="subtle">VS Code, in <code>.vscode/mcp.json</code>:</p>
<pre><code data-client="vscode">{ "inputs": [{ "type": "promptString", "id": "tool-api-key", "description": "Tool API key", "password": true }],
  "servers": { "tools": { "type": "http", "url": "${origin}/mcp",
    "headers": { "Authorization": "Bearer \${input:tool-api-key}" } } } }</code></pre>
<p class="subtle">Claude's and ChatGPT's connectors take only a URL and sign in by OAuth, which this server does not offer yet: use a client above.</p>
<p class="subtle">A local agent that starts commands (stdio) runs, with <code>TOOL_API_KEY</code> set, the installed bin by its absolute path (never <code>npx tool-api</code>, which from another directory fetches whatever the registry has under that name):</p>
<pre><code data-client="stdio">node /path/to/node_modules/tool-execution-api/dist/adapters/cli/tool-api.js mcp --base-url ${origin}</code></pre>
</section>`;
}

/** The confirmation step before a revocation. */
export function revokeConfirmPage(chrome: Chrome, key: ApiKeySummary): SafeHtml {
  return layout("Revoke key", html`<div class="card narrow">
<h1>Revoke this key?</h1>
<p class="subtle">Requests with it get 401 at once. This cannot be undone; the key stays listed as revoked.</p>
${keySummary(key)}
<form method="post" action="/dashboard/keys/${encodeURIComponent(key.id)}/revoke" class="actions">
<input type="hidden" name="csrf" value="${chrome.csrfToken}">
<button type="submit" class="danger">Revoke key</button>
<a class="button secondary" href="/dashboard/keys">Cancel</a>
</form>
</div>`, chrome);
}

function keySummary(key: ApiKeySummary): SafeHtml {
  return html`<dl class="summary">
<dt>Name</dt><dd>${key.name}</dd>
<dt>Environment</dt><dd>${key.env}</dd>
<dt>Key</dt><dd class="mono">${key.prefix}…</dd>
<dt>Limit</dt><dd>${formatLimit(key.limit, key.windowSeconds)}</dd>
<dt>May call</dt><dd data-scope>${scopeList(key.scopes)}</dd>
<dt>Expires</dt><dd data-expiry>${key.expiresAt ? formatTime(key.expiresAt) : "Never"}</dd>
<dt>Created</dt><dd>${formatTime(key.createdAt)}</dd>
</dl>`;
}
