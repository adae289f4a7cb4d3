import { eventBody, type OutgoingEvent } from "../domain/event.ts";
import { webhookHeaders } from "../domain/webhook-signature.ts";
import { DISABLE_AFTER_FAILING_MS, signingSecrets, type Webhook } from "../domain/webhook.ts";
import { journaled, markedChange } from "./change-journal.ts";
import type { OutboxItem, SendOutcome, WebhookSender, WebhookStore } from "./ports.ts";
import type { AuditDeps } from "./record-audit.ts";

export interface DeliveryDeps extends AuditDeps {
  readonly webhooks: WebhookStore;
  readonly sender: WebhookSender;
  /** Seconds to wait before each attempt after the first (WEBHOOK_RETRY_SCHEDULE). */
  readonly retrySchedule: readonly number[];
}

/** The longest wait a Retry-After answer can ask for. */
export const MAX_RETRY_AFTER_SECONDS = 86_400;

/** An item after one more attempt: delivered, due again after the schedule's next wait, or failed for good. */
export function afterAttempt(
  item: OutboxItem, now: number, schedule: readonly number[], outcome: { ok: boolean; status?: number; error?: string; retryAfterSeconds?: number; final?: boolean },
): OutboxItem {
  const attempts = item.attempts + 1;
  const base = { ...item, attempts, lastAttemptAt: now, responseStatus: outcome.status ?? null, error: outcome.ok ? null : (outcome.error ?? null), leaseOwner: null, leaseUntil: null };
  if (outcome.ok) return { ...base, status: "delivered", nextAttemptAt: null };
  const wait = schedule[attempts - 1];
  if (outcome.final || wait === undefined) return { ...base, status: "failed", nextAttemptAt: null };
  // A Retry-After past a day is read as a day: an endpoint cannot park its deliveries (and its 5-day rule) for years.
  const waitMs = Math.max(wait, Math.min(outcome.retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS)) * 1000;
  return { ...base, status: "pending", nextAttemptAt: now + waitMs };
}

const describe = (outcome: SendOutcome): string | undefined =>
  outcome.error ?? (outcome.status !== undefined && (outcome.status < 200 || outcome.status > 299) ? `answered ${outcome.status}` : undefined);

/**
 * One attempt of one delivery: signed with every secret that signs now (Standard Webhooks), the same webhook-id on
 * every attempt. A 410 disables the endpoint at once; an endpoint failing for 5 days is disabled; a success clears it.
 */
export async function attemptDelivery(deps: DeliveryDeps, item: OutboxItem, webhookId: string, event: OutgoingEvent): Promise<OutboxItem> {
  const now = deps.clock.now();
  const webhook = await deps.webhooks.find(webhookId);
  if (!webhook || !webhook.enabled) {
    return afterAttempt(item, now, deps.retrySchedule, { ok: false, final: true, error: webhook ? "endpoint disabled" : "endpoint deleted" });
  }
  const body = eventBody(event);
  const headers = webhookHeaders(signingSecrets(webhook, now), event.id, Math.floor(now / 1000), body);
  const outcome = await deps.sender.send(webhook.url, body, headers);
  const ok = outcome.status !== undefined && outcome.status >= 200 && outcome.status <= 299;
  const gone = outcome.status === 410;
  const next = afterAttempt(item, deps.clock.now(), deps.retrySchedule, { ok, status: outcome.status, error: describe(outcome), retryAfterSeconds: outcome.retryAfterSeconds, final: gone });
  await noteHealth(deps, webhook, ok, gone);
  return next;
}

/** Keeps `failingSince` in step with the outcome, and disables the endpoint when the rules say so. */
async function noteHealth(deps: DeliveryDeps, webhook: Webhook, ok: boolean, gone: boolean): Promise<void> {
  const now = deps.clock.now();
  if (ok) {
    if (webhook.failingSince !== null) await deps.webhooks.update(webhook.id, (current) => (current.failingSince === null ? undefined : { ...current, failingSince: null }));
    return;
  }
  const since = webhook.failingSince ?? now;
  const reason = gone ? "the endpoint answered 410 Gone" : now - since >= DISABLE_AFTER_FAILING_MS ? "every delivery failed for 5 days" : undefined;
  if (!reason) {
    if (webhook.failingSince === null) await deps.webhooks.update(webhook.id, (current) => (current.failingSince === null ? { ...current, failingSince: now } : undefined));
    return;
  }
  const subject = { type: "webhook.disabled", actor: { system: true }, workspaceId: webhook.workspaceId, webhookId: webhook.id, reason } as const;
  const marked = markedChange(deps, "webhook", webhook.id);
  await journaled(deps, { subjects: [subject], check: marked.check }, async () => {
    const change = await deps.webhooks.update(webhook.id, marked.mark<Webhook>((current) => (current.enabled ? { ...current, enabled: false, failingSince: current.failingSince ?? since } : undefined)));
    return { landed: !!change && change.after !== change.before, value: undefined };
  });
}
