import type { MemberView } from "../../../../application/list-members.ts";
import type { InvitationView } from "../../../../domain/invitation.ts";
import { invitationAction, leavesNoOwner, removalAction } from "../../../../domain/membership.ts";
import { isAllowed, ROLES, type Role, type Workspace } from "../../../../domain/workspace.ts";
import { MAX_EMAIL_LENGTH } from "../../../../domain/account.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatTimeShort } from "./format.ts";
import { type Chrome, fieldError, layout } from "./layout.ts";

/** An invitation just made: its link, shown on this one page load. */
export interface CreatedInvitation {
  readonly email: string;
  readonly role: Role;
  readonly acceptUrl: string;
}

export interface MembersPageState {
  readonly chrome: Chrome;
  readonly workspace: Workspace;
  /** The viewer: what it may do decides which controls are shown (the use cases decide again). */
  readonly accountId: string;
  readonly role: Role;
  readonly members: readonly MemberView[];
  readonly invitations: readonly InvitationView[];
  readonly created?: CreatedInvitation;
  readonly notice?: string;
  /** A refusal to show above the tables (409, 403). */
  readonly error?: string;
  readonly form?: { readonly email?: string; readonly role?: string; readonly errors?: Readonly<Record<string, string>> };
}

const ROLE_NOTE = "Owners do everything, including roles. Admins manage every key, the packs, invitations and non-owner members. Members create keys and rotate, edit or revoke the keys they created.";

/** /dashboard/members: invite, pending invitations, and the members with their roles. */
export function membersPage(state: MembersPageState): SafeHtml {
  const count = `${state.members.length} member${state.members.length === 1 ? "" : "s"}`;
  return layout("Members", html`<div class="page-head"><div><h1>Members</h1>
<p class="subtle">Workspace <strong>${state.workspace.name}</strong> · ${count} · you are ${state.role === "member" ? "a" : "an"} ${state.role}</p></div></div>
${state.notice ? html`<div class="notice" role="status">${state.notice}</div>` : ""}
${state.error ? html`<div class="warning" role="alert">${state.error}</div>` : ""}
${state.created ? createdCard(state.created) : ""}
${inviteSection(state)}
${invitationsSection(state)}
<section class="card" aria-labelledby="members-heading"><h2 id="members-heading">Members</h2>
<p class="subtle form-note">${ROLE_NOTE}</p>
<div class="table-wrap"><table class="members">
<thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Joined <span class="tz">UTC</span></th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${state.members.map((member) => memberRow(state, member))}</tbody>
</table></div></section>`, state.chrome);
}

function createdCard(created: CreatedInvitation): SafeHtml {
  return html`<section class="card" aria-labelledby="link-heading" data-invitation-link>
<h2 id="link-heading">Invitation link for ${created.email}</h2>
<div class="warning" role="alert"><strong>Copy this link now and send it to ${created.email}.</strong>It is shown only this once (we store only a hash of it), works once, for 7 days, and only for an account with that email; they join as ${created.role}.</div>
<div class="secret-box"><code id="accept-url" data-accept-url>${created.acceptUrl}</code>
<button type="button" data-copy="accept-url" aria-live="polite" hidden>Copy</button></div>
</section>`;
}

function inviteSection(state: MembersPageState): SafeHtml | string {
  if (!isAllowed(state.role, "invite")) return "";
  if (state.workspace.personal) {
    return html`<section class="card"><h2>Invite people</h2><p class="subtle">A personal workspace cannot have other members. <a href="/dashboard/workspaces">Create a shared workspace</a>, then invite your team to it.</p></section>`;
  }
  const form = state.form ?? {};
  const email = fieldError("invite-email", form.errors?.email);
  const roles = ROLES.filter((role) => isAllowed(state.role, invitationAction(role))).reverse();
  const chosen = form.role ?? "member";
  return html`<section class="card" aria-labelledby="invite-heading"><h2 id="invite-heading">Invite someone</h2>
<form method="post" action="/dashboard/members/invite" class="inline" novalidate>
<input type="hidden" name="csrf" value="${state.chrome.csrfToken}">
<div class="field"><label for="invite-email">Email</label>
<input id="invite-email" name="email" type="email" required maxlength="${MAX_EMAIL_LENGTH}" autocomplete="off" value="${form.email ?? ""}"${email.attrs}>${email.text}</div>
<div class="field"><label for="invite-role">Role</label>
<select id="invite-role" name="role">${roles.map((role) => html`<option value="${role}"${role === chosen ? html` selected` : ""}>${role}</option>`)}</select></div>
<button type="submit">Create invitation link</button>
</form></section>`;
}

function invitationsSection(state: MembersPageState): SafeHtml | string {
  if (state.invitations.length === 0) return "";
  const mayRevoke = isAllowed(state.role, "revoke_invitation");
  const rows = state.invitations.map((invitation) => html`<tr>
<td data-label="Email" class="name"><span>${invitation.email}</span></td><td data-label="Role">${invitation.role}</td>
<td data-label="Expires (UTC)" class="nowrap"><time datetime="${invitation.expiresAt}">${formatTimeShort(invitation.expiresAt)}</time></td>
<td data-label="" class="end">${mayRevoke ? html`<form method="post" action="/dashboard/invitations/${encodeURIComponent(invitation.id)}/revoke" class="row-actions">
<input type="hidden" name="csrf" value="${state.chrome.csrfToken}"><button type="submit" class="secondary small" aria-label="Revoke the invitation of ${invitation.email}">Revoke</button></form>` : ""}</td></tr>`);
  return html`<section class="card" aria-labelledby="pending-heading"><h2 id="pending-heading">Pending invitations</h2>
<div class="table-wrap"><table><thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Expires <span class="tz">UTC</span></th><th scope="col"><span class="skip">Actions</span></th></tr></thead>
<tbody>${rows}</tbody></table></div></section>`;
}

function memberRow(state: MembersPageState, member: MemberView): SafeHtml {
  const self = member.accountId === state.accountId;
  const at = `/dashboard/members/${encodeURIComponent(member.accountId)}`;
  const csrf = html`<input type="hidden" name="csrf" value="${state.chrome.csrfToken}">`;
  const role = isAllowed(state.role, "change_role")
    ? html`<form method="post" action="${at}/role" class="row-actions"><label for="role-${member.accountId}" class="skip">Role of ${member.email}</label>${csrf}
<select id="role-${member.accountId}" name="role">${ROLES.map((option) => html`<option value="${option}"${option === member.role ? html` selected` : ""}>${option}</option>`)}</select>
<button type="submit" class="secondary small">Change</button></form>`
    : member.role;
  const remove = mayRemove(state, member)
    ? html`<form method="post" action="${at}/remove" class="row-actions">${csrf}<button type="submit" class="secondary small danger" aria-label="${self ? "Leave" : "Remove"} ${self ? state.workspace.name : member.email}">${self ? "Leave" : "Remove"}</button></form>`
    : self && member.role === "owner" ? html`<span class="subtle" data-only-owner>Only owner: make someone else owner to leave</span>` : "";
  return html`<tr data-member="${member.email}"><td data-label="Email" class="name"><span>${member.email}</span>${self ? html` <span class="badge">you</span>` : ""}
${member.emailVerified ? html`<span class="badge active" data-email-verified="yes">verified</span>` : html`<span class="badge" data-email-verified="no">unverified</span>`}</td>
<td data-label="Role">${role}</td>
<td data-label="Joined (UTC)" class="nowrap"><time datetime="${member.joinedAt}">${formatTimeShort(member.joinedAt)}</time></td>
<td data-label="" class="end">${remove}</td></tr>`;
}

/**
 * Whether the viewer is offered Leave or Remove on this member: its role allows it, and the workspace keeps an owner
 * (the last owner would only get 409, so neither is shown; RemoveMember decides again).
 */
function mayRemove(state: MembersPageState, member: MemberView): boolean {
  const memberships = state.members.map((one) => ({ workspaceId: state.workspace.id, accountId: one.accountId, role: one.role, createdAt: 0 }));
  const viewer = { workspaceId: state.workspace.id, accountId: state.accountId, role: state.role, createdAt: 0 };
  const target = { ...viewer, accountId: member.accountId, role: member.role };
  return isAllowed(state.role, removalAction(viewer, target)) && !leavesNoOwner(memberships, target, undefined);
}
