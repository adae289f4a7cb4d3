import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardPage, loadChrome } from "./dashboard-session.ts";
import { auditPage } from "./pages/audit-page.ts";
import { htmlResponse } from "./responses.ts";

/** GET /dashboard/audit[?cursor=…]: one page of the current workspace's audit log (members only, like the session API). */
export function auditHandler(deps: SessionRouteDeps) {
  return dashboardPage(deps, async (event, context) => {
    const query = { accountId: context.account.id, workspaceId: context.workspace.id };
    const cursor = event.url.searchParams.get("cursor") || undefined;
    let page = await deps.listAudit.execute({ ...query, cursor });
    // A stale or mangled link starts again at the newest events rather than failing.
    if (!page.ok && page.error.code === "invalid_input") page = await deps.listAudit.execute(query);
    const members = await deps.listMembers.execute(query);
    const emails = new Map(members.ok ? members.value.map((m) => [m.accountId, m.email] as const) : []);
    const chrome = await loadChrome(deps, context, "audit");
    const events = page.ok ? page.value.events : [];
    const paging = { nextCursor: page.ok ? page.value.nextCursor : null, older: cursor !== undefined && page.ok };
    return htmlResponse(auditPage(chrome, context.workspace.name, events, emails, paging));
  });
}
