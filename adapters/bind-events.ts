import type { Mailer, Outbox, WebhookSender, WebhookStore } from "../application/ports.ts";
import type { InvitationEmailInput } from "../application/invite-member.ts";
import type { EmailMessage } from "../domain/event.ts";
import { type buildContainer, type Infrastructure, TOKENS } from "./container.ts";

type Container = ReturnType<typeof buildContainer>;

/** Tokens of the events side: the outbox, webhook endpoints, and what sends out of the process. */
export const EVENT_TOKENS = {
  // Read when used, not at load: container.ts and this file import each other.
  get outbox() {
    return TOKENS.outbox;
  },
  get webhookStore() {
    return TOKENS.webhookStore;
  },
  get webhookSender() {
    return TOKENS.webhookSender;
  },
  get mailer() {
    return TOKENS.mailer;
  },
};

/** What the events side is built from: given by main.ts, server.ts and createToolCore. */
export interface EventInfrastructure {
  readonly outbox: Outbox;
  readonly webhooks: WebhookStore;
  readonly webhookSender: WebhookSender;
  readonly mailer: Mailer;
  /** The invitee's email for a new invitation (its link starts with PUBLIC_URL); no email without it. */
  readonly invitationEmail?: (input: InvitationEmailInput) => EmailMessage;
}

/** Binds the outbox, the endpoints and the senders the infrastructure opened. */
export function bindEvents(container: Container, infra: Infrastructure): void {
  const { events } = infra;
  container.bind(EVENT_TOKENS.outbox).toConstantValue(events.outbox);
  container.bind(EVENT_TOKENS.webhookStore).toConstantValue(events.webhooks);
  container.bind(EVENT_TOKENS.webhookSender).toConstantValue(events.webhookSender);
  container.bind(EVENT_TOKENS.mailer).toConstantValue(events.mailer);
}
