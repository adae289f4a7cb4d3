import { randomBytes } from "node:crypto";
import { getRouterParam, type H3Event } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import type { DomainError } from "../../../domain/errors.ts";
import { toAcceptUrl } from "../../../domain/invitation.ts";
import { linkOrigin, type SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, dashboardPage, loadChrome } from "./dashboard-session.ts";
import { field } from "./form.ts";
import { messagePage } from "./pages/layout.ts";
import { type CreatedInvitation, type MembersPageState, membersPage } from "./pages/members-page.ts";
import { htmlResponse, seeOther } from "./responses.ts";

/** Long enough to copy the link after a slow redirect; short enough that an abandoned one does not linger. */
const FLASH_TTL_MS = 10 * 60_000;
const FLASH_ID = /^[A-Za-z0-9_-]{22}$/;
const NOTICES: Record<string, string> = {
  "invitation-revoked": "Invitation revoked: its link no longer works.",
  "role-changed": "Role changed. It applies from the member's next request.",
  removed: "Member removed: they lost access at once. The keys they created stay with the workspace.",
};
const STATUS: Partial<Record<DomainError["code"], number>> = { forbidden: 403, not_found: 404, conflict: 409, invalid_input: 422 };

const param = (event: H3Event, name: string): string => getRouterParam(event, name, { decode: true }) ?? "";

/** The Members page and its forms (invite, revoke an invitation, change a role, remove or leave), as 303 redirects. */
export function memberHandlers(deps: SessionRouteDeps) {
  const render = async (context: SessionContext, status: number, extra: Partial<MembersPageState> = {}) => {
    const at = { accountId: context.account.id, workspaceId: context.workspace.id };
    const [members, invitations, chrome] = await Promise.all([deps.listMembers.execute(at), deps.listInvitations.execute(at), loadChrome(deps, context, "members")]);
    const state: MembersPageState = {
      chrome, workspace: context.workspace, accountId: context.account.id, role: context.role,
      members: members.ok ? members.value : [], invitations: invitations.ok ? invitations.value : [], ...extra,
    };
    return htmlResponse(membersPage(state), status);
  };
  const refused = (context: SessionContext, error: DomainError) => render(context, STATUS[error.code] ?? 400, { error: error.message });
  return {
    page: dashboardPage(deps, async (event, context) => {
      const flashId = event.url.searchParams.get("f") ?? "";
      // Taken on this first read: a reload shows the page without the link.
      const stored = FLASH_ID.test(flashId) ? await deps.flash.take(`${context.session.id}:invite:${flashId}`) : undefined;
      const created = stored ? (JSON.parse(stored) as CreatedInvitation) : undefined;
      return render(context, 200, { created, notice: NOTICES[event.url.searchParams.get("notice") ?? ""] });
    }),
    invite: dashboardForm(deps, async (event, context, form) => {
      const values = { email: field(form, "email"), role: field(form, "role") };
      const result = await deps.inviteMember.execute({ accountId: context.account.id, workspaceId: context.workspace.id, ...values });
      if (!result.ok) {
        const errors = result.error.code === "invalid_input" ? Object.fromEntries(result.error.details.map((d) => [d.path.slice(1), `${d.message[0].toUpperCase()}${d.message.slice(1)}.`])) : undefined;
        return render(context, STATUS[result.error.code] ?? 400, { form: { ...values, errors }, error: errors ? undefined : result.error.message });
      }
      const created: CreatedInvitation = { email: result.value.invitation.email, role: result.value.invitation.role, acceptUrl: toAcceptUrl(linkOrigin(deps, event), result.value.token) };
      const flashId = randomBytes(16).toString("base64url");
      await deps.flash.put(`${context.session.id}:invite:${flashId}`, JSON.stringify(created), FLASH_TTL_MS);
      return seeOther(`/dashboard/members?f=${flashId}`);
    }),
    revokeInvitation: dashboardForm(deps, async (event, context) => {
      const result = await deps.revokeInvitation.execute({ accountId: context.account.id, workspaceId: context.workspace.id, invitationId: param(event, "id") });
      return result.ok ? seeOther("/dashboard/members?notice=invitation-revoked") : refused(context, result.error);
    }),
    changeRole: dashboardForm(deps, async (event, context, form) => {
      const result = await deps.changeMemberRole.execute({
        accountId: context.account.id, workspaceId: context.workspace.id, memberAccountId: param(event, "accountId"), role: field(form, "role"),
      });
      return result.ok ? seeOther("/dashboard/members?notice=role-changed") : refused(context, result.error);
    }),
    remove: dashboardForm(deps, async (event, context) => {
      const memberAccountId = param(event, "accountId");
      const result = await deps.removeMember.execute({ accountId: context.account.id, workspaceId: context.workspace.id, memberAccountId });
      if (!result.ok) return refused(context, result.error);
      if (memberAccountId !== context.account.id) return seeOther("/dashboard/members?notice=removed");
      // Left: the session moves to the account's oldest workspace (its personal one) before the next page.
      const [home] = await deps.listWorkspaces.execute({ accountId: context.account.id });
      if (home) await deps.switchWorkspace.execute({ session: context.session, workspaceId: home.workspace.id });
      return htmlResponse(messagePage("You left the workspace", `You are no longer a member of “${context.workspace.name}”.`, await loadChrome(deps, { ...context, workspace: home?.workspace ?? context.workspace }, "members")));
    }),
  };
}
