import { getRouterParam, type H3Event } from "h3";
import type { DomainError } from "../../../domain/errors.ts";
import type { Result } from "../../../domain/result.ts";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";
import { readJsonFields, refuseNonJsonBody } from "./json-fields.ts";
import type { RouteSpec, SessionRouteDeps } from "./session-deps.ts";
import { withSession } from "./with-session.ts";

const param = (event: H3Event, name: string): string => getRouterParam(event, name, { decode: true }) ?? "";
/** A query parameter as sent; an empty one counts as absent (as the audit route reads them). */
const query = (event: H3Event, name: string): string | undefined => event.url.searchParams.get(name) || undefined;
const target = (event: H3Event, accountId: string) => ({ accountId, workspaceId: param(event, "id"), webhookId: param(event, "webhookId") });

/** The success envelope of `data(value)` at `status`, or the error envelope. */
const answer = <T>(result: Result<T, DomainError>, data: (value: T) => unknown, status = 200): Response =>
  result.ok ? toSuccessResponse(data(result.value), status) : toErrorResponse(result.error);

/** A workspace's webhook endpoints and their deliveries (shared/contract.md, "Events and webhooks"). */
export function webhookHandlers(deps: SessionRouteDeps) {
  const { webhooks } = deps;
  /** A POST or DELETE that needs no body: only a body that is sent must be JSON. */
  const bodyless = <T>(run: (event: H3Event, accountId: string) => Promise<Result<T, DomainError>>, data: (value: T) => unknown, status = 200) =>
    withSession(deps, async (event, { account }) => {
      const body = await refuseNonJsonBody(event, deps.maxBodyBytes);
      return body.ok ? answer(await run(event, account.id), data, status) : toErrorResponse(body.error);
    });
  return {
    createWebhook: withSession(deps, async (event, { account }) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      const { url, events, description } = body.value;
      const result = await webhooks.create.execute({ accountId: account.id, workspaceId: param(event, "id"), url, events, description });
      return answer(result, (created) => created, 201);
    }),
    listWebhooks: withSession(deps, async (event, { account }) =>
      answer(await webhooks.list.execute({ accountId: account.id, workspaceId: param(event, "id") }), (list) => ({ webhooks: list }))),
    updateWebhook: withSession(deps, async (event, { account }) => {
      const body = await readJsonFields(event, deps.maxBodyBytes);
      if (!body.ok) return toErrorResponse(body.error);
      return answer(await webhooks.update.execute({ ...target(event, account.id), fields: body.value }), (webhook) => ({ webhook }));
    }),
    deleteWebhook: bodyless((event, accountId) => webhooks.delete.execute(target(event, accountId)), (webhook) => ({ webhook })),
    rotateWebhookSecret: bodyless((event, accountId) => webhooks.rotateSecret.execute(target(event, accountId)), (rotated) => rotated),
    testWebhook: bodyless((event, accountId) => webhooks.sendTest.execute(target(event, accountId)), (sent) => sent, 202),
    listWebhookDeliveries: withSession(deps, async (event, { account }) => {
      const page = { cursor: query(event, "cursor"), limit: query(event, "limit") };
      return answer(await webhooks.listDeliveries.execute({ ...target(event, account.id), ...page }), (listed) => listed);
    }),
    redeliverWebhookDelivery: bodyless(
      (event, accountId) => webhooks.redeliver.execute({ ...target(event, accountId), deliveryId: param(event, "deliveryId") }), (sent) => sent, 202),
  } satisfies Record<string, RouteSpec[2]>;
}
