import type { WorkspaceEntry } from "../../../../application/list-workspaces.ts";
import type { MemberView } from "../../../../application/list-members.ts";
import { MAX_WORKSPACE_NAME_LENGTH } from "../../../../domain/workspace.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatTime } from "./format.ts";
import { type Chrome, fieldError, layout } from "./layout.ts";

export interface WorkspacesPageState {
  readonly chrome: Chrome;
  readonly current: WorkspaceEntry;
  readonly members: readonly MemberView[];
  readonly notice?: string;
  readonly createError?: string;
  readonly renameError?: string;
}

export function workspacesPage(state: WorkspacesPageState): SafeHtml {
  return layout("Workspaces", html`<div class="page-head"><div><h1>Workspaces</h1>
<p class="subtle">Keys belong to a workspace: every member sees them; owners and admins manage them all, members the keys they created. <a href="/dashboard/members">Invite and manage members</a>.</p></div></div>
${state.notice ? html`<div class="notice" role="status">${state.notice}</div>` : ""}
<section class="card" aria-labelledby="ws-heading"><h2 id="ws-heading">Your workspaces</h2>
<div class="table-wrap"><table>
<thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Your role</th><th scope="col">Created</th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${state.chrome.workspaces.map((entry) => workspaceRow(state.chrome, entry))}</tbody>
</table></div></section>
${currentSection(state)}
${createSection(state)}`, state.chrome);
}

function workspaceRow(chrome: Chrome, { workspace, role }: WorkspaceEntry): SafeHtml {
  const isCurrent = workspace.id === chrome.currentWorkspaceId;
  const action = isCurrent
    ? html`<span class="badge active">Current</span>`
    : html`<form method="post" action="/dashboard/workspaces/switch"><input type="hidden" name="csrf" value="${chrome.csrfToken}">
<input type="hidden" name="workspaceId" value="${workspace.id}"><button type="submit" class="secondary small" aria-label="Switch to ${workspace.name}">Switch</button></form>`;
  return html`<tr><td data-label="Name" class="name">${workspace.name}</td><td data-label="Type">${workspace.personal ? "Personal" : "Shared"}</td>
<td data-label="Your role">${role}</td><td data-label="Created" class="nowrap">${formatTime(new Date(workspace.createdAt).toISOString())}</td><td data-label="" class="end">${action}</td></tr>`;
}

function currentSection(state: WorkspacesPageState): SafeHtml {
  const { workspace, role } = state.current;
  const error = fieldError("rename", state.renameError);
  const rename = role === "owner" || role === "admin"
    ? html`<form method="post" action="/dashboard/workspaces/${encodeURIComponent(workspace.id)}/rename" class="inline" novalidate>
<input type="hidden" name="csrf" value="${state.chrome.csrfToken}">
<div class="field"><label for="rename">Workspace name</label><input id="rename" name="name" required maxlength="${MAX_WORKSPACE_NAME_LENGTH}" value="${workspace.name}"${error.attrs}>${error.text}</div>
<button type="submit" class="secondary">Rename</button></form>`
    : "";
  const members = state.members.map((member) => html`<tr><td data-label="Email">${member.email}</td><td data-label="Role">${member.role}</td></tr>`);
  return html`<section class="card" aria-labelledby="current-heading"><h2 id="current-heading">${workspace.name}</h2>
${rename}
<h3>Members</h3>
<div class="table-wrap"><table><thead><tr><th scope="col">Email</th><th scope="col">Role</th></tr></thead><tbody>${members}</tbody></table></div>
</section>`;
}

function createSection(state: WorkspacesPageState): SafeHtml {
  const error = fieldError("new-workspace", state.createError);
  return html`<section class="card" aria-labelledby="create-ws-heading"><h2 id="create-ws-heading">Create a workspace</h2>
<form method="post" action="/dashboard/workspaces" class="inline" novalidate>
<input type="hidden" name="csrf" value="${state.chrome.csrfToken}">
<div class="field"><label for="new-workspace">Name <span class="hint">e.g. your team or project</span></label>
<input id="new-workspace" name="name" required maxlength="${MAX_WORKSPACE_NAME_LENGTH}"${error.attrs}>${error.text}</div>
<button type="submit">Create workspace</button></form></section>`;
}
