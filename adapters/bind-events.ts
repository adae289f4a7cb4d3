import { SecretSealer } from "./security/secret-sealer.ts";
import { SealedWebhookStore } from "./storage/sealed-webhook-store.ts";
import { type Container, type Infrastructure, TOKENS } from "./tokens.ts";

/** Binds the outbox, the endpoints (their signing secrets sealed at rest) and the senders the infrastructure opened. */
export function bindEvents(container: Container, infra: Infrastructure): void {
  const { events } = infra;
  container.bind(TOKENS.outbox).toConstantValue(events.outbox);
  container.bind(TOKENS.webhookStore).toConstantValue(new SealedWebhookStore(events.webhooks, infra.sealer ?? new SecretSealer()));
  container.bind(TOKENS.webhookSender).toConstantValue(events.webhookSender);
  container.bind(TOKENS.mailer).toConstantValue(events.mailer);
}
