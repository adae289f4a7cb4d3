import { getRouterParam } from "h3";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, loadChrome } from "./dashboard-session.ts";
import { messagePage } from "./pages/layout.ts";
import { htmlResponse, seeOther } from "./responses.ts";

/** The Account page's passkey forms: Delete works without JavaScript (adding one needs it: see assets/passkeys.js). */
export function passkeyHandlers(deps: SessionRouteDeps) {
  return {
    // An account's passkeys are not a workspace's: the form may come from a page of any workspace.
    remove: dashboardForm(deps, async (event, context) => {
      const passkeyId = getRouterParam(event, "id", { decode: true }) ?? "";
      const result = await deps.security.removePasskey.execute({ account: context.account, passkeyId });
      if (result.ok) return seeOther("/dashboard/account#passkeys");
      const chrome = await loadChrome(deps, context, "keys");
      return htmlResponse(messagePage("Passkey not found", "This account has no such passkey (already deleted?). Reload the Account page.", chrome), 404);
    }, { boundToWorkspace: false }),
  };
}
