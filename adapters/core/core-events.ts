import type { InvitationEmailInput } from "../../application/invite-member.ts";
import { OutboxDispatcher } from "../../application/dispatch-outbox.ts";
import { sendExpiryNotices } from "../../application/key-notices.ts";
import { newId } from "../../application/random-ids.ts";
import type { AccountStore, ApiKeyStore, AuditLog, Clock, InvitationStore, Mailer, Outbox, SecretSource, WebhookSender, WebhookStore, WorkspacePackStore, WorkspaceStore } from "../../application/ports.ts";
import { invitationEmail } from "../../domain/emails.ts";
import type { EmailMessage, OutgoingEvent } from "../../domain/event.ts";
import { toAcceptUrl } from "../../domain/invitation.ts";
import { DEFAULT_RETRY_SCHEDULE } from "../../domain/webhook.ts";
import type { EventInfrastructure } from "../tokens.ts";
import { startDispatchLoop } from "../events/outbox-loop.ts";
import { HttpWebhookSender } from "../webhooks/http-webhook-sender.ts";

/** How events leave a core: every option has a default fit for embedding. */
export interface CoreEventOptions {
  /** Where outbox items and endpoints live; default: the core's storage (its memory when it has no namespaces). */
  readonly outbox?: Outbox;
  readonly webhooks?: WebhookStore;
  /**
   * WEBHOOK_ALLOW_PRIVATE: every request the core makes outward (webhooks, OAuth Client ID Metadata Documents) may go
   * to refused addresses, and webhooks over `http:` (development and tests only). Default false. A `webhookSender`
   * given beside it keeps its own rule.
   */
  readonly allowPrivateTargets?: boolean;
  /** Default: HTTPS only, refused addresses refused unless `allowPrivateTargets`. */
  readonly webhookSender?: WebhookSender;
  /** Default: none is sent (an embedded core has no mail server of its own); the reference server gives SMTP or the log. */
  readonly mailer?: Mailer;
  /** Seconds between attempts (WEBHOOK_RETRY_SCHEDULE). */
  readonly retrySchedule?: readonly number[];
  /** The origin of every link sent (PUBLIC_URL); without it invitations, reset and verification links are not emailed. */
  readonly publicUrl?: string | (() => string);
  /** Whether email really leaves (SMTP_URL set): then accepting an invitation needs a verified email. Default false. */
  readonly emailDelivered?: boolean;
  /** False: this process writes events but sends nothing (the CLI: a running server sends them). Default true. */
  readonly dispatch?: boolean;
  /** How often due items are looked for (ms). Default 1000. */
  readonly pollMs?: number;
}

const originOf = (publicUrl: string | (() => string) | undefined): (() => string) | undefined =>
  publicUrl === undefined ? undefined : typeof publicUrl === "function" ? publicUrl : () => publicUrl;

/** The invitee's email, its link built from the public URL (never from a request's Host). */
export function invitationEmailOf(publicUrl: string | (() => string)): (input: InvitationEmailInput) => EmailMessage {
  const origin = () => (typeof publicUrl === "function" ? publicUrl() : publicUrl);
  return ({ invitation, token, workspace, inviterEmail }) => invitationEmail({
    to: invitation.email, workspaceName: workspace.name, inviterEmail: inviterEmail ?? "A member", role: invitation.role,
    acceptUrl: toAcceptUrl(origin(), token), expiresAt: invitation.expiresAt,
  });
}

/** The events side's ports for the container, with their defaults. */
export function eventInfrastructure(options: CoreEventOptions, stores: { outbox: Outbox; webhooks: WebhookStore }): EventInfrastructure {
  return {
    outbox: options.outbox ?? stores.outbox,
    webhooks: options.webhooks ?? stores.webhooks,
    webhookSender: options.webhookSender ?? new HttpWebhookSender({ allowPrivate: options.allowPrivateTargets ?? false }),
    allowPrivateTargets: options.allowPrivateTargets ?? false,
    mailer: options.mailer ?? { send: async () => undefined },
    invitationEmail: options.publicUrl === undefined ? undefined : invitationEmailOf(options.publicUrl),
    publicUrl: originOf(options.publicUrl),
    emailDelivered: options.emailDelivered ?? false,
  };
}

/** What the dispatcher reads and writes. */
export interface DispatchPorts {
  readonly events: EventInfrastructure;
  /** The container's endpoints (secrets opened), not `events.webhooks` as stored. */
  readonly webhooks: WebhookStore;
  readonly keys: ApiKeyStore;
  readonly accounts: AccountStore;
  readonly audit: AuditLog;
  readonly workspaces: WorkspaceStore;
  readonly invitations: InvitationStore;
  readonly packs: WorkspacePackStore;
  readonly clock: Clock;
  readonly secrets: SecretSource;
}

const EXPIRY_SCAN_MS = 10 * 60_000;

/**
 * Starts sending: the dispatch loop (its own lease owner) and the `key.expiring` scan (shortly after start, then
 * every 10 minutes). `close` stops both and waits for the attempts in flight.
 */
export function startSending(
  ports: DispatchPorts, options: CoreEventOptions & { onEvent?: (event: OutgoingEvent) => void; onError?: (error: unknown) => void },
): { nudge(): void; close(): Promise<void> } {
  const { events, clock, secrets } = ports;
  const deps = {
    ...ports, outbox: events.outbox, sender: events.webhookSender, mailer: events.mailer,
    retrySchedule: options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE, onEvent: options.onEvent, onError: options.onError,
  };
  const dispatcher = new OutboxDispatcher(deps, newId(secrets, "dispatcher"));
  const loop = startDispatchLoop(dispatcher, { intervalMs: options.pollMs, onError: options.onError });
  const scan = () => void sendExpiryNotices({ ...deps, clock, secrets }).then((sent) => sent > 0 && loop.nudge(), options.onError);
  const first = setTimeout(scan, 5_000);
  const every = setInterval(scan, EXPIRY_SCAN_MS);
  first.unref();
  every.unref();
  return {
    nudge: loop.nudge,
    close: async () => {
      clearTimeout(first);
      clearInterval(every);
      await loop.close();
    },
  };
}
