import type { InstalledPack } from "../../../../domain/tool-pack.ts";
import { html, type SafeHtml } from "../html.ts";
import { type Chrome, layout } from "./layout.ts";

export interface MarketplacePageState {
  readonly chrome: Chrome;
  readonly packs: readonly InstalledPack[];
  /** Pack ids the current workspace has enabled, core included. */
  readonly enabled: readonly string[];
  readonly notice?: string;
}

/** Every installed pack with its tools and examples, and an enable/disable form per pack for the current workspace. */
export function marketplacePage(state: MarketplacePageState): SafeHtml {
  return layout("Marketplace", html`<div class="page-head"><div><h1>Marketplace</h1>
<p class="subtle">Tool packs this deployment installs. Enable a pack to let this workspace's keys call its tools.</p></div></div>
${state.notice ? html`<div class="notice" role="status">${state.notice}</div>` : ""}
${state.packs.map((pack) => packSection(state, pack))}
${installSection()}`, state.chrome);
}

/** Packs are installed by whoever runs the server, not from this page: say how. */
function installSection(): SafeHtml {
  return html`<section class="card" aria-labelledby="install-heading" data-install>
<h2 id="install-heading">Installing a pack</h2>
<p>A pack is an ES module whose default export is <code>{ id, name, version, description, tools }</code>. Whoever runs this server installs packs by listing them in the <code>TOOL_PACKS</code> environment variable (comma-separated npm package names or paths from the project root), then restarting it:</p>
<pre><code>TOOL_PACKS=./examples/tool-pack,@acme/tool-pack npm start</code></pre>
<p class="subtle">An installed pack appears here; its tools (<code>&lt;pack id&gt;.&lt;tool id&gt;</code>) answer a workspace's keys once an owner or admin enables it for that workspace.</p>
</section>`;
}

function packSection(state: MarketplacePageState, pack: InstalledPack): SafeHtml {
  const on = state.enabled.includes(pack.id);
  return html`<section class="card" aria-labelledby="pack-${pack.id}" data-pack="${pack.id}">
<div class="page-head"><div><h2 id="pack-${pack.id}">${pack.name} <span class="subtle">${pack.id} · v${pack.version}</span></h2>
<p class="subtle">${pack.description}</p></div>
<div>${on ? html`<span class="badge active">Enabled</span>` : html`<span class="badge">Not enabled</span>`} ${toggle(state.chrome, pack, on)}</div></div>
<details><summary>${String(pack.tools.length)} tools</summary>
<div class="table-wrap"><table><thead><tr><th scope="col">Tool</th><th scope="col">Description</th><th scope="col">Example input</th></tr></thead>
<tbody>${pack.tools.map((tool) => html`<tr><td data-label="Tool" class="name"><code>${tool.id}</code></td><td data-label="Description">${tool.description}</td>
<td data-label="Example input"><code>${JSON.stringify(tool.examples[0].input)}</code></td></tr>`)}</tbody></table></div>
</details></section>`;
}

function toggle(chrome: Chrome, pack: InstalledPack, on: boolean): SafeHtml | string {
  if (pack.builtIn) return "";
  const action = `/dashboard/marketplace/${pack.id}/${on ? "disable" : "enable"}`;
  return html`<form method="post" action="${action}"><input type="hidden" name="csrf" value="${chrome.csrfToken}">
<button type="submit" class="${on ? "secondary small" : "small"}" aria-label="${on ? "Disable" : "Enable"} ${pack.name}">${on ? "Disable" : "Enable"}</button></form>`;
}
