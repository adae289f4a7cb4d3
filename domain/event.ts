import { AUDIT_EVENT_TYPES } from "./audit.ts";

/**
 * Every type of event that leaves the service: each audit event type, plus the ones no audit records. One list, so
 * the webhook filters, the OpenAPI enum and the dashboard's choices derive from it.
 */
export const EVENT_TYPES = [...AUDIT_EVENT_TYPES, "key.expiring", "key.rate_limited", "webhook.test"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (value: unknown): value is EventType => typeof value === "string" && (EVENT_TYPES as readonly string[]).includes(value);

/**
 * One event as it leaves the service. `id` is its `webhook-id` (for an audit event, the audit event's id), the same on
 * every attempt and redelivery. `data` is the event as the audit answer shows it, with `id` and `workspaceId`, and
 * never holds a secret.
 */
export interface OutgoingEvent {
  readonly id: string;
  readonly type: EventType;
  /** ISO 8601: when it happened. */
  readonly timestamp: string;
  readonly workspaceId: string | null;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * An event as createToolCore's `onEvent` hears it: its data (as a webhook's `data` shows it) with its `type` at the
 * top, as the contract words it (`event.keyId`), and the envelope's `id`, `timestamp`, `workspaceId` and `data` too.
 */
export type EmbeddedEvent = OutgoingEvent & Readonly<Record<string, unknown>>;

/** The envelope's own fields win; they agree with the data's where both have one (`id`, `type`, `workspaceId`). */
export const embeddedEvent = (event: OutgoingEvent): EmbeddedEvent => ({ ...event.data, ...event });

/** The body a webhook endpoint receives: exactly `{type, timestamp, data}`. */
export const eventBody = (event: OutgoingEvent): string =>
  JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });

/** One email: plain text, its link in the text. */
export interface EmailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}
