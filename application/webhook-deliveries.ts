import { DELIVERY_PAGE_LIMITS, readDeliveryCursor, readPageLimit, toDeliveryCursor } from "../domain/delivery-cursor.ts";
import { conflict, type DomainError, type InputIssue, invalidInput, notFound } from "../domain/errors.ts";
import type { OutgoingEvent } from "../domain/event.ts";
import { err, ok, type Result } from "../domain/result.ts";
import type { Webhook } from "../domain/webhook.ts";
import { type DeliveryView, deliveryItem, eventItem, toDeliveryView } from "./outbox-items.ts";
import { newId } from "./random-ids.ts";
import { authorizeWebhook, type WebhookCommand, type WebhookDeps } from "./webhook-access.ts";

/** A disabled endpoint is sent nothing (the dispatcher drops its work), so asking it to send is refused, not silently lost. */
const disabledProblem = (webhook: Webhook): DomainError | undefined =>
  webhook.enabled ? undefined : conflict("This webhook endpoint is disabled: enable it first.");

/** POST …/test: a `webhook.test` event for this endpoint alone, whatever its filter; answered before it is sent (202). */
export class SendWebhookTest {
  constructor(private readonly deps: WebhookDeps) {}

  async execute(cmd: WebhookCommand): Promise<Result<{ readonly eventId: string }, DomainError>> {
    const found = await authorizeWebhook(this.deps, cmd, "manage_webhooks");
    if (!found.ok) return found;
    const disabled = disabledProblem(found.value);
    if (disabled) return err(disabled);
    const now = this.deps.clock.now();
    const id = newId(this.deps.secrets, "evt");
    const at = new Date(now).toISOString();
    const event: OutgoingEvent = {
      id, type: "webhook.test", timestamp: at, workspaceId: cmd.workspaceId, data: { id, at, workspaceId: cmd.workspaceId, webhookId: cmd.webhookId },
    };
    await this.deps.outbox.add([eventItem(event, now, cmd.webhookId)]);
    return ok({ eventId: id });
  }
}

/** One endpoint, and the page asked for. */
export interface ListWebhookDeliveriesCommand extends WebhookCommand {
  /** The `cursor` query parameter as sent (absent: the first page). */
  readonly cursor?: string;
  /** The `limit` query parameter as sent (absent: 50). */
  readonly limit?: string;
}

/** One page of deliveries. */
export interface ListWebhookDeliveriesOutput {
  readonly deliveries: readonly DeliveryView[];
  /** Pass as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

/** GET …/deliveries: one page of the endpoint's deliveries, newest first, paged as the audit is; every member may read it. */
export class ListWebhookDeliveries {
  constructor(private readonly deps: WebhookDeps) {}

  async execute(cmd: ListWebhookDeliveriesCommand): Promise<Result<ListWebhookDeliveriesOutput, DomainError>> {
    const found = await authorizeWebhook(this.deps, cmd, "read");
    if (!found.ok) return found;
    const issues: InputIssue[] = [];
    const limit = readPageLimit(cmd.limit);
    if (limit === undefined) issues.push({ path: "/limit", message: `must be a whole number from 1 to ${DELIVERY_PAGE_LIMITS.max}` });
    const before = cmd.cursor === undefined ? undefined : readDeliveryCursor(cmd.cursor);
    if (cmd.cursor !== undefined && before === undefined) issues.push({ path: "/cursor", message: "must be a nextCursor this API returned" });
    if (issues.length > 0 || limit === undefined) return err(invalidInput(issues));
    const page = await this.deps.outbox.page(cmd.webhookId, { limit, before });
    return ok({
      deliveries: page.items.flatMap((item) => toDeliveryView(item) ?? []),
      nextCursor: page.next === undefined ? null : toDeliveryCursor(page.next),
    });
  }
}

/** One delivery of one endpoint. */
export interface RedeliverCommand extends WebhookCommand {
  readonly deliveryId: string;
}

/**
 * POST …/deliveries/{deliveryId}/redeliver: the same event (same id, so the same `webhook-id`) as a new delivery of
 * its own, listed beside the first; answered before it is sent (202). A delivery of another endpoint looks unknown.
 */
export class RedeliverWebhookDelivery {
  constructor(private readonly deps: WebhookDeps) {}

  async execute(cmd: RedeliverCommand): Promise<Result<{ readonly delivery: DeliveryView }, DomainError>> {
    const found = await authorizeWebhook(this.deps, cmd, "manage_webhooks");
    if (!found.ok) return found;
    const item = await this.deps.outbox.find(cmd.deliveryId);
    if (!item || item.work.kind !== "delivery" || item.work.webhookId !== cmd.webhookId) {
      return err(notFound(`This webhook endpoint has no delivery with the id '${cmd.deliveryId}'.`));
    }
    const disabled = disabledProblem(found.value);
    if (disabled) return err(disabled);
    const again = deliveryItem(this.deps.secrets, cmd.webhookId, item.work.event, this.deps.clock.now());
    await this.deps.outbox.add([again]);
    return ok({ delivery: toDeliveryView(again) as DeliveryView });
  }
}
