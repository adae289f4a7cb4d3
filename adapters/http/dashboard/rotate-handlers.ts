import { getRouterParam, type H3Event } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, dashboardPage, loadChrome } from "./dashboard-session.ts";
import { field } from "./form.ts";
import { showSecretOnce } from "./key-handlers.ts";
import { messagePage } from "./pages/layout.ts";
import { rotateConfirmPage } from "./pages/rotate-page.ts";
import { htmlResponse, seeOther } from "./responses.ts";

const keyIdOf = (event: H3Event): string => getRouterParam(event, "id", { decode: true }) ?? "";

/** GET /dashboard/keys/:id/rotate (the grace form) and its POST (RotateKey, then the secret page once). */
export function rotateHandlers(deps: SessionRouteDeps) {
  const findKey = async (event: H3Event, context: SessionContext) => {
    const keys = await deps.listWorkspaceKeys.execute({ accountId: context.account.id, workspaceId: context.workspace.id });
    return keys.ok ? keys.value.find((candidate) => candidate.id === keyIdOf(event)) : undefined;
  };
  const notFound = async (context: SessionContext) =>
    htmlResponse(messagePage("Key not found", "This workspace has no such active key.", await loadChrome(deps, context, "keys")), 404);
  return {
    confirm: dashboardPage(deps, async (event, context) => {
      const key = await findKey(event, context);
      if (!key) return notFound(context);
      if (key.status !== "active") return seeOther("/dashboard/keys");
      return htmlResponse(rotateConfirmPage(await loadChrome(deps, context, "keys"), key));
    }),
    rotate: dashboardForm(deps, async (event, context, form) => {
      const raw = field(form, "grace");
      const graceSeconds = raw === "" ? undefined : /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
      const result = await deps.workspaceKeyChanges.rotate({ accountId: context.account.id, workspaceId: context.workspace.id, keyId: keyIdOf(event), graceSeconds });
      if (result.ok) {
        const { key, secret, previousSecretExpiresAt } = result.value;
        return showSecretOnce(deps, context, { key, secret, rotation: { previousSecretExpiresAt } });
      }
      const key = await findKey(event, context);
      if (!key || result.error.code !== "invalid_input") return notFound(context);
      return htmlResponse(rotateConfirmPage(await loadChrome(deps, context, "keys"), key, "Must be a whole number of seconds, 0 to 604800."), 422);
    }),
  };
}
