import { getRouterParam, type H3Event } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, dashboardPage, loadChrome } from "./dashboard-session.ts";
import { field } from "./form.ts";
import { messagePage } from "./pages/layout.ts";
import { type WorkspacesPageState, workspacesPage } from "./pages/workspaces-page.ts";
import { htmlResponse, seeOther } from "./responses.ts";
import { safeReturnPath } from "./return-path.ts";

const NOTICES: Record<string, string> = { renamed: "Workspace renamed." };
/** Switch, create and rename name their workspace themselves: a page of any workspace may post them. */
const ANY_WORKSPACE = { boundToWorkspace: false } as const;

/** The workspaces page: list, switch, create, rename, and the current workspace's members. */
export function workspaceHandlers(deps: SessionRouteDeps) {
  const render = async (context: SessionContext, status: number, extra: Partial<WorkspacesPageState> = {}) => {
    const chrome = await loadChrome(deps, context, "workspaces");
    const members = await deps.listMembers.execute({ accountId: context.account.id, workspaceId: context.workspace.id });
    const current = { workspace: context.workspace, role: context.role };
    return htmlResponse(workspacesPage({ chrome, current, members: members.ok ? members.value : [], ...extra }), status);
  };
  return {
    page: dashboardPage(deps, (event, context) => render(context, 200, { notice: NOTICES[event.url.searchParams.get("notice") ?? ""] })),
    create: dashboardForm(deps, async (_event, context, form) => {
      const created = await deps.createWorkspace.execute({ accountId: context.account.id, name: field(form, "name") });
      if (!created.ok) return render(context, 422, { createError: messageOf(created.error) });
      await deps.switchWorkspace.execute({ session: context.session, workspaceId: created.value.id });
      return seeOther("/dashboard/keys?notice=workspace-created");
    }, ANY_WORKSPACE),
    switch: dashboardForm(deps, async (_event, context, form) => {
      const switched = await deps.switchWorkspace.execute({ session: context.session, workspaceId: field(form, "workspaceId") });
      if (!switched.ok) return htmlResponse(messagePage("Workspace not found", "You are not a member of that workspace."), 404);
      const next = safeReturnPath(form.get("next"));
      return seeOther(next === "/dashboard/keys" ? "/dashboard/keys?notice=workspace-switched" : next);
    }, ANY_WORKSPACE),
    rename: dashboardForm(deps, async (event: H3Event, context, form) => {
      const workspaceId = getRouterParam(event, "id", { decode: true }) ?? "";
      const renamed = await deps.renameWorkspace.execute({ accountId: context.account.id, workspaceId, name: field(form, "name") });
      if (renamed.ok) return seeOther("/dashboard/workspaces?notice=renamed");
      if (renamed.error.code === "invalid_input") return render(context, 422, { renameError: messageOf(renamed.error) });
      return htmlResponse(messagePage("Not allowed", renamed.error.message), renamed.error.code === "not_found" ? 404 : 403);
    }, ANY_WORKSPACE),
  };
}

function messageOf(error: { message: string; details?: readonly { message: string }[] }): string {
  const detail = error.details?.[0]?.message;
  return detail ? `Name ${detail}.` : error.message;
}
