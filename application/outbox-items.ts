import type { EmailMessage, OutgoingEvent } from "../domain/event.ts";
import { newId } from "./random-ids.ts";
import type { OutboxItem, OutboxWork, SecretSource } from "./ports.ts";

/** A new pending item, due at `dueAt` (default: at once). */
export function pendingItem(id: string, work: OutboxWork, now: number, options: { dueAt?: number; log?: string | null } = {}): OutboxItem {
  return {
    id, work, status: "pending", createdAt: now, attempts: 0, lastAttemptAt: null, nextAttemptAt: options.dueAt ?? now,
    responseStatus: null, error: null, log: options.log ?? null, leaseOwner: null, leaseUntil: null,
  };
}

/** An event to fan out to the workspace's endpoints (`only`: to one endpoint, whatever its filter). Its item id is the event's. */
export const eventItem = (event: OutgoingEvent, now: number, only?: string): OutboxItem =>
  pendingItem(only ? `${event.id}.${only}` : event.id, only ? { kind: "event", event, only } : { kind: "event", event }, now);

/** One delivery of an event to one endpoint, listed in the endpoint's deliveries log. */
export const deliveryItem = (secrets: SecretSource, webhookId: string, event: OutgoingEvent, now: number): OutboxItem =>
  pendingItem(newId(secrets, "dlv"), { kind: "delivery", webhookId, event }, now, { log: webhookId });

/** One email to send. */
export const emailItem = (secrets: SecretSource, email: EmailMessage, now: number): OutboxItem =>
  pendingItem(newId(secrets, "eml"), { kind: "email", email }, now);

/** A delivery as the deliveries log shows it. */
export interface DeliveryView {
  readonly id: string;
  readonly eventId: string;
  readonly type: string;
  readonly status: OutboxItem["status"];
  readonly attempts: number;
  readonly lastAttemptAt: string | null;
  readonly nextAttemptAt: string | null;
  readonly responseStatus: number | null;
  readonly error: string | null;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The view of a delivery item; undefined for an item that is not a delivery. */
export function toDeliveryView(item: OutboxItem): DeliveryView | undefined {
  if (item.work.kind !== "delivery") return undefined;
  return {
    id: item.id, eventId: item.work.event.id, type: item.work.event.type, status: item.status, attempts: item.attempts,
    lastAttemptAt: iso(item.lastAttemptAt), nextAttemptAt: item.status === "pending" ? iso(item.nextAttemptAt) : null,
    responseStatus: item.responseStatus, error: item.error,
  };
}
