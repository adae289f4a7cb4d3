import { getRouterParam, type H3Event } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, dashboardPage, loadChrome } from "./dashboard-session.ts";
import { field } from "./form.ts";
import { messagePage } from "./pages/layout.ts";
import { editKeyPage } from "./pages/edit-key-page.ts";
import { htmlResponse, seeOther } from "./responses.ts";

const keyIdOf = (event: H3Event): string => getRouterParam(event, "id", { decode: true }) ?? "";
const toNumber = (raw: string): number => (/^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN);

/** GET and POST /dashboard/keys/:id/edit: UpdateKey (the CLI's use case) through the workspace's access rule. */
export function editKeyHandlers(deps: SessionRouteDeps) {
  const findKey = async (event: H3Event, context: SessionContext) => {
    const keys = await deps.listWorkspaceKeys.execute({ accountId: context.account.id, workspaceId: context.workspace.id });
    return keys.ok ? keys.value.find((candidate) => candidate.id === keyIdOf(event)) : undefined;
  };
  const notFound = async (context: SessionContext) =>
    htmlResponse(messagePage("Key not found", "This workspace has no such key.", await loadChrome(deps, context, "keys")), 404);
  return {
    page: dashboardPage(deps, async (event, context) => {
      const key = await findKey(event, context);
      if (!key) return notFound(context);
      const values = { name: key.name, limit: String(key.limit), window: String(key.windowSeconds) };
      return htmlResponse(editKeyPage(await loadChrome(deps, context, "keys"), key, values));
    }),
    save: dashboardForm(deps, async (event, context, form) => {
      const values = { name: field(form, "name"), limit: field(form, "limit"), window: field(form, "window") };
      const result = await deps.workspaceKeyChanges.update({
        accountId: context.account.id, workspaceId: context.workspace.id, keyId: keyIdOf(event),
        name: values.name, limit: toNumber(values.limit), windowSeconds: toNumber(values.window),
      });
      if (result.ok) return seeOther("/dashboard/keys?notice=key-updated");
      const key = await findKey(event, context);
      if (!key || result.error.code !== "invalid_input") return notFound(context);
      const errors = Object.fromEntries(result.error.details.map((d) => [d.path.slice(1), d.message]));
      return htmlResponse(editKeyPage(await loadChrome(deps, context, "keys"), key, values, errors), 422);
    }),
  };
}
