import type { AuditEvent } from "../domain/audit.ts";
import { type ChangeMarked, markChange } from "../domain/change-ids.ts";
import type { OutgoingEvent } from "../domain/event.ts";
import { eventItem, pendingItem } from "./outbox-items.ts";
import { newId } from "./random-ids.ts";
import type { ChangeIntent, LandedCheck, MarkedRecord, OutboxItem, OutboxWork } from "./ports.ts";
import { type AuditDeps, type AuditSubject, newAuditEvent } from "./record-audit.ts";

/**
 * How long a change may take from its intent to its end. Until then the intent is leased to the process making the
 * change; after it, any instance's dispatcher judges the intent (application/recover-change.ts). Well above a change's
 * few storage round trips, each bounded to about a second; short, since it is how long a crash delays the events.
 * A change slower than this is still whole: its own process finishes it too (recording twice is harmless).
 */
export const CHANGE_WINDOW_MS = 10_000;

/** What a change came to: whether it was made (false: refused or nothing to do, so no event), and its answer. */
export interface ChangeOutcome<T> {
  readonly landed: boolean;
  readonly value: T;
}

/** One change's events: the audit subjects, how recovery tells it landed, and more work (emails) once it has. */
export interface ChangePlan {
  readonly subjects: readonly AuditSubject[];
  readonly check: LandedCheck;
  readonly then?: readonly OutboxWork[];
}

/** This process's name on the leases it takes (intents it writes, items it claims). */
export const PROCESS_OWNER = `p${process.pid}.${Date.now().toString(36)}`;

/** An audit event as it leaves the service: its id is the `webhook-id`, `data` is the event itself. */
export const toOutgoingEvent = (event: AuditEvent): OutgoingEvent => ({
  id: event.id, type: event.type, timestamp: event.at, workspaceId: event.workspaceId, data: { ...event },
});

/** The outbox items a landed change adds: each audit event to fan out, then the plan's own work. */
export function landedItems(intent: ChangeIntent, now: number): OutboxItem[] {
  return [
    ...intent.audit.map((event) => eventItem(toOutgoingEvent(event), now)),
    ...intent.then.map((work, index) => pendingItem(`${intent.id}.then${index}`, work, now)),
  ];
}

/**
 * Runs a change with its audit events and outgoing events as one: the intent is written first (leased to this
 * process for CHANGE_WINDOW_MS), then the change, then its audit events and outbox items, then the intent goes. A
 * process killed anywhere in between leaves the intent, which recovery finishes (the change landed) or drops (it did
 * not): never a change without its events, nor events without their change. Without an outbox: change, then audit.
 */
export async function journaled<T>(deps: AuditDeps, plan: ChangePlan, apply: () => Promise<ChangeOutcome<T>>): Promise<T> {
  const audit = plan.subjects.map((subject) => newAuditEvent(deps, subject));
  const intent: ChangeIntent = { id: newId(deps.secrets, "chg"), check: plan.check, audit, then: plan.then ?? [] };
  const { outbox } = deps;
  if (!outbox) {
    const outcome = await apply();
    if (outcome.landed) for (const event of audit) await deps.audit.record(event);
    return outcome.value;
  }
  const now = deps.clock.now();
  const { id } = intent;
  await outbox.add([{ ...pendingItem(id, { kind: "change", intent }, now), leaseOwner: PROCESS_OWNER, leaseUntil: now + CHANGE_WINDOW_MS }]);
  const outcome = await apply();
  if (outcome.landed) await finishChange(deps, intent);
  await outbox.settle(id, PROCESS_OWNER, null);
  return outcome.value;
}

/**
 * A change that marks the record it changes with an id of its own, and the check recovery runs for it: `mark` wraps
 * the store's update function, so the id lands in the same atomic write as the change (and only if it changes anything).
 */
export function markedChange(deps: Pick<AuditDeps, "secrets">, record: MarkedRecord, id: string) {
  const changeId = newId(deps.secrets, "chg");
  return {
    check: { kind: "marked", record, id, changeId } as const,
    mark: <T extends ChangeMarked>(change: (current: T) => T | undefined) => (current: T): T | undefined => markChange(current, change(current), changeId),
  };
}

/** Records a landed change's audit events (the same ids: recording twice is harmless) and adds its outbox items. */
export async function finishChange(deps: AuditDeps, intent: ChangeIntent): Promise<void> {
  for (const event of intent.audit) await deps.audit.record(event);
  await deps.outbox?.add(landedItems(intent, deps.clock.now()));
}
