import { getRouterParam } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, dashboardPage, loadChrome } from "./dashboard-session.ts";
import { messagePage } from "./pages/layout.ts";
import { marketplacePage } from "./pages/marketplace-page.ts";
import { htmlResponse, seeOther } from "./responses.ts";

const NOTICES: Record<string, string> = { enabled: "Pack enabled for this workspace.", disabled: "Pack disabled for this workspace." };

/** /dashboard/marketplace: browse the installed packs and enable or disable them for the current workspace. */
export function marketplaceHandlers(deps: SessionRouteDeps) {
  const { listWorkspacePacks: list, enableWorkspacePack: enable, disableWorkspacePack: disable } = deps;
  const render = async (context: SessionContext, notice?: string) => {
    const chrome = await loadChrome(deps, context, "marketplace");
    const enabled = list ? await list.execute({ accountId: context.account.id, workspaceId: context.workspace.id }) : undefined;
    return htmlResponse(marketplacePage({ chrome, packs: deps.installedPacks ?? [], enabled: enabled?.ok ? enabled.value : ["core"], notice }), 200);
  };
  const change = (useCase: typeof enable | typeof disable, done: string) => dashboardForm(deps, async (event, context) => {
    const packId = getRouterParam(event, "packId", { decode: true }) ?? "";
    const result = useCase ? await useCase.execute({ accountId: context.account.id, workspaceId: context.workspace.id, packId }) : undefined;
    if (result?.ok) return seeOther(`/dashboard/marketplace?notice=${done}`);
    return htmlResponse(messagePage("Not changed", result?.error.message ?? "Packs are not available."), result?.error.code === "not_found" ? 404 : 422);
  });
  return {
    page: dashboardPage(deps, (event, context) => render(context, NOTICES[event.url.searchParams.get("notice") ?? ""])),
    enable: change(enable, "enabled"),
    disable: change(disable, "disabled"),
  };
}
