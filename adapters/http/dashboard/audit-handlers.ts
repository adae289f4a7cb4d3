import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardPage, loadChrome } from "./dashboard-session.ts";
import { auditPage } from "./pages/audit-page.ts";
import { htmlResponse } from "./responses.ts";

/** GET /dashboard/audit: the current workspace's audit log (members only, like the session API's route). */
export function auditHandler(deps: SessionRouteDeps) {
  return dashboardPage(deps, async (_event, context) => {
    const query = { accountId: context.account.id, workspaceId: context.workspace.id };
    const [events, members] = await Promise.all([deps.workspaceKeyChanges.audit(query), deps.listMembers.execute(query)]);
    const emails = new Map(members.ok ? members.value.map((m) => [m.accountId, m.email] as const) : []);
    const chrome = await loadChrome(deps, context, "audit");
    return htmlResponse(auditPage(chrome, context.workspace.name, events.ok ? events.value : [], emails));
  });
}
