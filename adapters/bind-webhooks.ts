// Managing webhook endpoints: bound into the composition root (container.ts) beside the events side (bind-events.ts).
import { CreateWebhook } from "../application/create-webhook.ts";
import type { Outbox, WebhookSender, WebhookStore, WorkspaceStore } from "../application/ports.ts";
import type { WebhookDeps } from "../application/webhook-access.ts";
import { ListWebhookDeliveries, RedeliverWebhookDelivery, SendWebhookTest } from "../application/webhook-deliveries.ts";
import { DeleteWebhook, ListWebhooks, RotateWebhookSecret, UpdateWebhook } from "../application/webhook-endpoints.ts";
import type { WebhookUseCases } from "../application/webhook-use-cases.ts";
import { type Container, type Infrastructure, TOKENS } from "./tokens.ts";

/** Binds the eight use cases (their tokens are in TOKENS); they resolve once the events side (bindEvents) is bound too. */
export function bindWebhooks(container: Container, infra: Infrastructure): void {
  const tokens = [TOKENS.workspaceStore, TOKENS.webhookStore, TOKENS.outbox, TOKENS.webhookSender] as const;
  const deps = (workspaces: WorkspaceStore, webhooks: WebhookStore, outbox: Outbox, sender: WebhookSender): WebhookDeps =>
    ({ workspaces, webhooks, outbox, sender, clock: infra.clock, secrets: infra.secrets });
  const each = [
    [TOKENS.createWebhook, (d: WebhookDeps) => new CreateWebhook(d)],
    [TOKENS.listWebhooks, (d: WebhookDeps) => new ListWebhooks(d)],
    [TOKENS.updateWebhook, (d: WebhookDeps) => new UpdateWebhook(d)],
    [TOKENS.deleteWebhook, (d: WebhookDeps) => new DeleteWebhook(d)],
    [TOKENS.rotateWebhookSecret, (d: WebhookDeps) => new RotateWebhookSecret(d)],
    [TOKENS.sendWebhookTest, (d: WebhookDeps) => new SendWebhookTest(d)],
    [TOKENS.listWebhookDeliveries, (d: WebhookDeps) => new ListWebhookDeliveries(d)],
    [TOKENS.redeliverWebhookDelivery, (d: WebhookDeps) => new RedeliverWebhookDelivery(d)],
  ] as const;
  for (const [token, make] of each) {
    container.bind(token as symbol).toResolvedValue((...args: Parameters<typeof deps>) => make(deps(...args)), [...tokens]);
  }
}

/** The webhook use cases of a built container, for AccountDeps (resolveAccountDeps). */
export function resolveWebhookUseCases(container: Container): WebhookUseCases {
  return {
    create: container.get(TOKENS.createWebhook),
    list: container.get(TOKENS.listWebhooks),
    update: container.get(TOKENS.updateWebhook),
    delete: container.get(TOKENS.deleteWebhook),
    rotateSecret: container.get(TOKENS.rotateWebhookSecret),
    sendTest: container.get(TOKENS.sendWebhookTest),
    listDeliveries: container.get(TOKENS.listWebhookDeliveries),
    redeliver: container.get(TOKENS.redeliverWebhookDelivery),
  };
}
