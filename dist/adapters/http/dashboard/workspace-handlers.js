import { getRouterParam } from "h3";
import { dashboardForm, dashboardPage, loadChrome } from "./dashboard-session.js";
import { field } from "./form.js";
import { messagePage } from "./pages/layout.js";
import { workspacesPage } from "./pages/workspaces-page.js";
import { htmlResponse, seeOther } from "./responses.js";
import { safeReturnPath } from "./return-path.js";
const NOTICES = { renamed: "Workspace renamed." };
/** The workspaces page: list, switch, create, rename, and the current workspace's members. */
export function workspaceHandlers(deps) {
    const render = async (context, status, extra = {}) => {
        const chrome = await loadChrome(deps, context, "workspaces");
        const members = await deps.listMembers.execute({ accountId: context.account.id, workspaceId: context.workspace.id });
        const current = { workspace: context.workspace, role: context.role };
        return htmlResponse(workspacesPage({ chrome, current, members: members.ok ? members.value : [], ...extra }), status);
    };
    return {
        page: dashboardPage(deps, (event, context) => render(context, 200, { notice: NOTICES[event.url.searchParams.get("notice") ?? ""] })),
        create: dashboardForm(deps, async (_event, context, form) => {
            const created = await deps.createWorkspace.execute({ accountId: context.account.id, name: field(form, "name") });
            if (!created.ok)
                return render(context, 422, { createError: messageOf(created.error) });
            await deps.switchWorkspace.execute({ session: context.session, workspaceId: created.value.id });
            return seeOther("/dashboard/keys?notice=workspace-created");
        }),
        switch: dashboardForm(deps, async (_event, context, form) => {
            const switched = await deps.switchWorkspace.execute({ session: context.session, workspaceId: field(form, "workspaceId") });
            if (!switched.ok)
                return htmlResponse(messagePage("Workspace not found", "You are not a member of that workspace."), 404);
            const next = safeReturnPath(form.get("next"));
            return seeOther(next === "/dashboard/keys" ? "/dashboard/keys?notice=workspace-switched" : next);
        }),
        rename: dashboardForm(deps, async (event, context, form) => {
            const workspaceId = getRouterParam(event, "id", { decode: true }) ?? "";
            const renamed = await deps.renameWorkspace.execute({ accountId: context.account.id, workspaceId, name: field(form, "name") });
            if (renamed.ok)
                return seeOther("/dashboard/workspaces?notice=renamed");
            if (renamed.error.code === "invalid_input")
                return render(context, 422, { renameError: messageOf(renamed.error) });
            return htmlResponse(messagePage("Not allowed", renamed.error.message), renamed.error.code === "not_found" ? 404 : 403);
        }),
    };
}
function messageOf(error) {
    const detail = error.details?.[0]?.message;
    return detail ? `Name ${detail}.` : error.message;
}
