import { type Container, type Infrastructure, TOKENS } from "./tokens.ts";

/** Binds the outbox, the endpoints and the senders the infrastructure opened. */
export function bindEvents(container: Container, infra: Infrastructure): void {
  const { events } = infra;
  container.bind(TOKENS.outbox).toConstantValue(events.outbox);
  container.bind(TOKENS.webhookStore).toConstantValue(events.webhooks);
  container.bind(TOKENS.webhookSender).toConstantValue(events.webhookSender);
  container.bind(TOKENS.mailer).toConstantValue(events.mailer);
}
