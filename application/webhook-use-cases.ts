import type { CreateWebhook } from "./create-webhook.ts";
import type { ListWebhookDeliveries, RedeliverWebhookDelivery, SendWebhookTest } from "./webhook-deliveries.ts";
import type { DeleteWebhook, ListWebhooks, RotateWebhookSecret, UpdateWebhook } from "./webhook-endpoints.ts";

/**
 * The use cases behind a workspace's webhook endpoints (shared/contract.md, "Events and webhooks"), one class each;
 * grouped here so the session API, the dashboard and AccountDeps take them as one field.
 */
export interface WebhookUseCases {
  readonly create: CreateWebhook;
  readonly list: ListWebhooks;
  readonly update: UpdateWebhook;
  readonly delete: DeleteWebhook;
  readonly rotateSecret: RotateWebhookSecret;
  readonly sendTest: SendWebhookTest;
  readonly listDeliveries: ListWebhookDeliveries;
  readonly redeliver: RedeliverWebhookDelivery;
}
