import { randomBytes } from "node:crypto";
import { getRouterParam, type H3Event } from "h3";
import type { SessionContext } from "../../../application/resolve-session.ts";
import type { DomainError } from "../../../domain/errors.ts";
import type { Result } from "../../../domain/result.ts";
import { isAllowed } from "../../../domain/workspace.ts";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { dashboardForm, dashboardPage, loadChrome } from "./dashboard-session.ts";
import { field } from "./form.ts";
import { messagePage } from "./pages/layout.ts";
import { deleteWebhookConfirmPage, webhookDeliveriesPage } from "./pages/webhook-pages.ts";
import { type ShownSecret, type WebhookEntry, type WebhookFormState, webhooksPage } from "./pages/webhooks-page.ts";
import { htmlResponse, seeOther } from "./responses.ts";

/** Long enough to copy the secret after a slow redirect; short enough that an abandoned one does not linger. */
const FLASH_TTL_MS = 10 * 60_000;
const FLASH_ID = /^[A-Za-z0-9_-]{22}$/;
/** Deliveries shown under each endpoint on the main page; the rest are a link away. */
const NEWEST_DELIVERIES = 5;
const NOTICES: Record<string, string> = {
  enabled: "Endpoint enabled: events are sent to it again.",
  disabled: "Endpoint disabled: nothing is sent to it until it is enabled.",
  "test-sent": "Test event queued: its delivery appears below within a few seconds (reload).",
  deleted: "Endpoint deleted: nothing more is sent to it.",
  redelivered: "Redelivery queued: the same event (same webhook-id) is sent again as a new delivery.",
};
const STATUS: Partial<Record<DomainError["code"], number>> = { forbidden: 403, not_found: 404, conflict: 409, invalid_input: 422 };

const param = (event: H3Event, name: string): string => getRouterParam(event, name, { decode: true }) ?? "";
const caller = (context: SessionContext) => ({ accountId: context.account.id, workspaceId: context.workspace.id });
const notice = (event: H3Event) => NOTICES[event.url.searchParams.get("notice") ?? ""];

type Extra = { shown?: ShownSecret; notice?: string; error?: string; form?: WebhookFormState };
type Render = (context: SessionContext, status: number, extra?: Extra) => Promise<Response>;

/** The Webhooks page and its forms (add, enable/disable, test, rotate, delete with a confirmation, redeliver), as 303 redirects. */
export function webhookHandlers(deps: SessionRouteDeps) {
  const view = webhooksView(deps);
  return { ...pageHandlers(deps, view), ...endpointForms(deps, view), deliveries: deliveriesHandler(deps) };
}

interface View {
  readonly render: Render;
  /** The list again, a refusal (403, 404, 409, 422) above it. */
  readonly refused: (context: SessionContext, error: DomainError) => Promise<Response>;
}

/** The list page: each endpoint with its newest deliveries, the forms for owners and admins. */
function webhooksView(deps: SessionRouteDeps): View {
  const { webhooks } = deps;
  const render: Render = async (context, status, extra = {}) => {
    const [listed, chrome] = await Promise.all([webhooks.list.execute(caller(context)), loadChrome(deps, context, "webhooks")]);
    const entries = await Promise.all((listed.ok ? listed.value : []).map(async (webhook): Promise<WebhookEntry> => {
      const page = await webhooks.listDeliveries.execute({ ...caller(context), webhookId: webhook.id, limit: String(NEWEST_DELIVERIES) });
      return { webhook, deliveries: page.ok ? page.value.deliveries : [], more: page.ok && page.value.nextCursor !== null };
    }));
    const mayManage = isAllowed(context.role, "manage_webhooks");
    return htmlResponse(webhooksPage({ chrome, workspaceName: context.workspace.name, mayManage, entries, ...extra }), status);
  };
  return { render, refused: (context, error) => render(context, STATUS[error.code] ?? 400, { error: error.message }) };
}

/** GET /dashboard/webhooks (with the one-time secret), the add form, and the delete confirmation. */
function pageHandlers(deps: SessionRouteDeps, { render }: View) {
  const { webhooks } = deps;
  return {
    page: dashboardPage(deps, async (event, context) => {
      const flashId = event.url.searchParams.get("f") ?? "";
      // Taken on this first read: a reload shows the page without the secret, and never adds a second endpoint.
      const stored = FLASH_ID.test(flashId) ? await deps.flash.take(`${context.session.id}:webhook:${flashId}`) : undefined;
      return render(context, 200, { shown: stored ? (JSON.parse(stored) as ShownSecret) : undefined, notice: notice(event) });
    }),
    create: dashboardForm(deps, async (_event, context, form) => {
      const values: WebhookFormState = { url: field(form, "url"), description: field(form, "description"), scope: field(form, "scope"), events: form.getAll("events") };
      const events = values.scope === "some" ? values.events : null;
      const result = await webhooks.create.execute({ ...caller(context), url: values.url, description: values.description, events });
      if (!result.ok) return formRefused(render, context, result.error, values);
      return showSecretOnce(deps, context, { webhook: result.value.webhook, secret: result.value.secret });
    }),
    confirmDelete: dashboardPage(deps, async (event, context) => {
      const listed = await webhooks.list.execute(caller(context));
      const webhook = listed.ok ? listed.value.find((candidate) => candidate.id === param(event, "id")) : undefined;
      const chrome = await loadChrome(deps, context, "webhooks");
      if (!webhook) return htmlResponse(messagePage("Endpoint not found", "This workspace has no such webhook endpoint.", chrome), 404);
      return htmlResponse(deleteWebhookConfirmPage(chrome, webhook));
    }),
  };
}

/** The one-button forms on one endpoint and on one of its deliveries. */
function endpointForms(deps: SessionRouteDeps, { refused }: View) {
  const { webhooks } = deps;
  const target = (event: H3Event, context: SessionContext) => ({ ...caller(context), webhookId: param(event, "id") });
  const action = <T>(run: (event: H3Event, context: SessionContext) => Promise<Result<T, DomainError>>, done: (event: H3Event) => string) =>
    dashboardForm(deps, async (event, context) => {
      const result = await run(event, context);
      return result.ok ? seeOther(done(event)) : refused(context, result.error);
    });
  const back = (notice: string) => () => `/dashboard/webhooks?notice=${notice}`;
  return {
    enable: action((event, context) => webhooks.update.execute({ ...target(event, context), fields: { enabled: true } }), back("enabled")),
    disable: action((event, context) => webhooks.update.execute({ ...target(event, context), fields: { enabled: false } }), back("disabled")),
    test: action((event, context) => webhooks.sendTest.execute(target(event, context)), back("test-sent")),
    remove: action((event, context) => webhooks.delete.execute(target(event, context)), back("deleted")),
    redeliver: action((event, context) => webhooks.redeliver.execute({ ...target(event, context), deliveryId: param(event, "deliveryId") }),
      (event) => `/dashboard/webhooks/${encodeURIComponent(param(event, "id"))}/deliveries?notice=redelivered`),
    rotate: dashboardForm(deps, async (event, context) => {
      const result = await webhooks.rotateSecret.execute(target(event, context));
      if (!result.ok) return refused(context, result.error);
      const { webhook, secret, previousSecretExpiresAt } = result.value;
      return showSecretOnce(deps, context, { webhook, secret, rotation: { previousSecretExpiresAt } });
    }),
  };
}

/** The add form again, each wrong field marked (422), or the refusal above it (403, 409). */
function formRefused(render: Render, context: SessionContext, error: DomainError, values: WebhookFormState): Promise<Response> {
  const status = STATUS[error.code] ?? 400;
  if (error.code !== "invalid_input") return render(context, status, { error: error.message, form: values });
  const errors = Object.fromEntries(error.details.map((detail) => [detail.path.split("/")[1], `${detail.message[0].toUpperCase()}${detail.message.slice(1)}.`]));
  return render(context, status, { form: { ...values, errors } });
}

/** The secret into a one-time flash, then 303 to the page that shows it once (Post/Redirect/Get). */
async function showSecretOnce(deps: SessionRouteDeps, context: SessionContext, shown: ShownSecret): Promise<Response> {
  const flashId = randomBytes(16).toString("base64url");
  await deps.flash.put(`${context.session.id}:webhook:${flashId}`, JSON.stringify(shown), FLASH_TTL_MS);
  return seeOther(`/dashboard/webhooks?f=${flashId}`);
}

/** GET /dashboard/webhooks/{id}/deliveries[?cursor=…]: one page of an endpoint's deliveries. */
function deliveriesHandler(deps: SessionRouteDeps) {
  return dashboardPage(deps, async (event, context) => {
    const { webhooks } = deps;
    const target = { ...caller(context), webhookId: param(event, "id") };
    const cursor = event.url.searchParams.get("cursor") || undefined;
    let page = await webhooks.listDeliveries.execute({ ...target, cursor });
    // A stale or mangled link starts again at the newest deliveries rather than failing.
    if (!page.ok && page.error.code === "invalid_input") page = await webhooks.listDeliveries.execute(target);
    const listed = await webhooks.list.execute(caller(context));
    const webhook = listed.ok ? listed.value.find((candidate) => candidate.id === target.webhookId) : undefined;
    const chrome = await loadChrome(deps, context, "webhooks");
    if (!webhook || !page.ok) return htmlResponse(messagePage("Endpoint not found", "This workspace has no such webhook endpoint.", chrome), 404);
    return htmlResponse(webhookDeliveriesPage({
      chrome, webhook, deliveries: page.value.deliveries, mayManage: isAllowed(context.role, "manage_webhooks"),
      nextCursor: page.value.nextCursor, older: cursor !== undefined, notice: notice(event),
    }));
  });
}
