import type { WorkspaceEntry } from "../../../../application/list-workspaces.ts";
import { html, type SafeHtml } from "../html.ts";

/** What the signed-in top bar shows. */
export interface Chrome {
  readonly email: string;
  readonly csrfToken: string;
  readonly workspaces: readonly WorkspaceEntry[];
  readonly currentWorkspaceId: string;
  readonly section: "keys" | "workspaces" | "members" | "marketplace" | "audit" | "usage" | "webhooks" | "account";
}

/** The page shell: one stylesheet, one deferred script, a skip link, and the top bar when signed in. */
export function layout(title: string, main: SafeHtml, chrome?: Chrome): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Tool API</title>
<link rel="icon" href="/dashboard/assets/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
<script src="/dashboard/assets/dashboard.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${chrome ? topBar(chrome) : plainBar()}
<main id="main">
${main}
</main>
</body>
</html>`;
}

const brand = html`<a class="brand" href="/dashboard/keys"><img src="/dashboard/assets/icon.svg" alt=""> Tool API</a>`;

function plainBar(): SafeHtml {
  return html`<header class="topbar"><div class="topbar-inner">${brand}</div></header>`;
}

function topBar(chrome: Chrome): SafeHtml {
  const current = (section: Chrome["section"]) => (chrome.section === section ? html` aria-current="page"` : "");
  return html`<header class="topbar"><div class="topbar-inner">
${brand}
<nav class="nav" aria-label="Dashboard">
<a href="/dashboard/keys"${current("keys")}>API keys</a>
<a href="/dashboard/workspaces"${current("workspaces")}>Workspaces</a>
<a href="/dashboard/members"${current("members")}>Members</a>
<a href="/dashboard/usage"${current("usage")}>Usage</a>
<a href="/dashboard/audit"${current("audit")}>Audit log</a>
<a href="/dashboard/marketplace"${current("marketplace")}>Marketplace</a>
<a href="/dashboard/webhooks"${current("webhooks")}>Webhooks</a>
</nav>
<div class="topbar-end">
${switcher(chrome)}
<div class="account">
<a class="account-email" href="/dashboard/account" title="Account security: ${chrome.email}"${current("account")}>${chrome.email}</a>
<form method="post" action="/dashboard/sign-out">
<input type="hidden" name="csrf" value="${chrome.csrfToken}">
<button type="submit" class="secondary small">Sign out</button>
</form>
</div>
</div>
</div></header>`;
}

function switcher(chrome: Chrome): SafeHtml | string {
  if (chrome.workspaces.length < 2) return "";
  const options = chrome.workspaces.map(({ workspace }) =>
    html`<option value="${workspace.id}"${workspace.id === chrome.currentWorkspaceId ? html` selected` : ""}>${workspace.name}</option>`);
  const next = `/dashboard/${chrome.section}`;
  // dashboard.js submits on change and hides the button, which stays for browsers without JavaScript.
  return html`<form class="switcher" method="post" action="/dashboard/workspaces/switch" data-switcher>
<input type="hidden" name="csrf" value="${chrome.csrfToken}">
<input type="hidden" name="next" value="${next}">
<label for="switch-workspace" class="skip">Workspace</label>
<select id="switch-workspace" name="workspaceId">${options}</select>
<button type="submit" class="secondary small" data-switch-submit>Switch</button>
</form>`;
}

/** A field's error text and the attributes that tie it to its input for screen readers. */
export function fieldError(id: string, message: string | undefined): { attrs: SafeHtml | string; text: SafeHtml | string } {
  if (!message) return { attrs: "", text: "" };
  return { attrs: html` aria-invalid="true" aria-describedby="${id}-error"`, text: html`<span class="field-error" id="${id}-error">${message}</span>` };
}

/** A simple page for errors and dead ends, always with a way back. */
export function messagePage(title: string, message: string, chrome?: Chrome): SafeHtml {
  return layout(title, html`<div class="card narrow"><h1>${title}</h1><p class="subtle">${message}</p>
<div class="actions"><a class="button" href="/dashboard/keys">Back to API keys</a></div></div>`, chrome);
}
