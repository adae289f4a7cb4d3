import type { OutgoingEvent } from "../domain/event.ts";
import { wants } from "../domain/webhook.ts";
import { hashSecret } from "../domain/api-key.ts";
import { afterAttempt, attemptDelivery, type DeliveryDeps } from "./deliver-webhook.ts";
import { pendingItem } from "./outbox-items.ts";
import type { AccountStore, Mailer, Outbox, OutboxItem } from "./ports.ts";
import { describeAuditEvents } from "./list-audit.ts";
import { type AuditEvent, isAuditEventType } from "../domain/audit.ts";
import { recoverChange, type RecoveryDeps } from "./recover-change.ts";

export interface DispatchDeps extends RecoveryDeps, DeliveryDeps {
  readonly accounts: AccountStore;
  readonly outbox: Outbox;
  readonly mailer: Mailer;
  /** Hears every event once it is fanned out (createToolCore's `onEvent`); its throws are reported, never retried. */
  readonly onEvent?: (event: OutgoingEvent) => void;
  readonly onError?: (error: unknown) => void;
}

/**
 * How long a claimed item is this dispatcher's: an attempt's 15 s and the writes around it. Short, since an item
 * held by a killed process waits for its lease to end before another (or the restarted one) tries it again.
 */
export const LEASE_MS = 25_000;

/**
 * Attempts to one endpoint in flight at once in one dispatcher: a slow or dead endpoint holds at most these, so the
 * others' deliveries never wait behind it. A delivery claimed past it is put back, due a second later, untried.
 */
export const PER_ENDPOINT_IN_FLIGHT = 4;
const DEFER_MS = 1_000;

/** A fan-out's delivery to one endpoint has one id, so a fan-out run twice (a crash in between) delivers once. */
export const fanOutDeliveryId = (eventId: string, webhookId: string): string => `dlv_${hashSecret(`${eventId}|${webhookId}`).slice(0, 24)}`;

/**
 * Carries out due outbox items: changes left in flight (recovered), events (fanned out to the endpoints that want
 * them), deliveries (one attempt each) and emails. Each item is claimed under a lease, so with several instances on
 * one store each attempt is made by one of them.
 */
export class OutboxDispatcher {
  private readonly busy = new Map<string, number>();

  constructor(private readonly deps: DispatchDeps, private readonly owner: string) {}

  /** Claims up to `limit` due items; resolves with the claimed items' work, each settled when done. */
  async claim(limit: number): Promise<Promise<void>[]> {
    const now = this.deps.clock.now();
    const items = await this.deps.outbox.claim(now, limit, LEASE_MS, this.owner);
    return items.map((item) => this.process(item).catch((error) => this.deps.onError?.(error)));
  }

  private async process(item: OutboxItem): Promise<void> {
    const next = await this.next(item);
    await this.deps.outbox.settle(item.id, this.owner, next);
  }

  /** What the item becomes: null (done and forgotten), or its next state. */
  private async next(item: OutboxItem): Promise<OutboxItem | null> {
    const { work } = item;
    switch (work.kind) {
      case "change":
        await recoverChange(this.deps, work.intent);
        return null;
      case "event":
        await this.fanOut(work.event, work.only);
        return null;
      case "delivery":
        return this.deliver(item, work.webhookId, work.event);
      case "email":
        return this.mail(item, work.email);
    }
  }

  private async deliver(item: OutboxItem, webhookId: string, event: OutgoingEvent): Promise<OutboxItem> {
    const running = this.busy.get(webhookId) ?? 0;
    if (running >= PER_ENDPOINT_IN_FLIGHT) return { ...item, nextAttemptAt: this.deps.clock.now() + DEFER_MS, leaseOwner: null, leaseUntil: null };
    this.busy.set(webhookId, running + 1);
    try {
      return await attemptDelivery(this.deps, item, webhookId, event);
    } finally {
      const left = (this.busy.get(webhookId) ?? 1) - 1;
      if (left > 0) this.busy.set(webhookId, left);
      else this.busy.delete(webhookId);
    }
  }

  private async fanOut(planned: OutgoingEvent, only: string | undefined): Promise<void> {
    const { webhooks, outbox, clock } = this.deps;
    const event = await this.described(planned);
    const candidates = only ? [await webhooks.find(only)] : event.workspaceId ? await webhooks.listByWorkspace(event.workspaceId) : [];
    const now = clock.now();
    const targets = candidates.filter((webhook) => webhook && webhook.workspaceId === event.workspaceId && webhook.enabled && wants(webhook, event.type));
    await outbox.add(targets.map((webhook) => pendingItem(fanOutDeliveryId(event.id, webhook!.id), { kind: "delivery", webhookId: webhook!.id, event }, now, { log: webhook!.id })));
    if (only) return;
    try {
      this.deps.onEvent?.(event);
    } catch (error) {
      this.deps.onError?.(error);
    }
  }

  /** An audit event's data as the audit answer shows it (who acted, the key's name), read once at fan-out. */
  private async described(event: OutgoingEvent): Promise<OutgoingEvent> {
    if (!isAuditEventType(event.type)) return event;
    const [entry] = await describeAuditEvents(this.deps, [event.data as unknown as AuditEvent]);
    return { ...event, data: { ...entry } };
  }

  /** A sent email is forgotten at once: its link may carry a one-time token. */
  private async mail(item: OutboxItem, email: Parameters<Mailer["send"]>[0]): Promise<OutboxItem | null> {
    try {
      await this.deps.mailer.send(email);
      return null;
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 200) : "send failed";
      const next = afterAttempt(item, this.deps.clock.now(), this.deps.retrySchedule, { ok: false, error: reason });
      // The operator hears of every failed send (not to whom): a wrong SMTP password must not fail silently.
      const fate = next.status === "failed" ? "dropped after its last attempt" : `tried again at ${new Date(next.nextAttemptAt ?? 0).toISOString()}`;
      this.deps.onError?.(new Error(`an email could not be sent (${reason}); ${fate}`, { cause: error }));
      return next.status === "failed" ? null : next;
    }
  }
}
