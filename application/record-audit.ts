import type { AuditEvent } from "../domain/audit.ts";
import { toBase62 } from "../domain/api-key.ts";
import type { AuditLog, Clock, Outbox, SecretSource } from "./ports.ts";

export interface AuditDeps {
  readonly audit: AuditLog;
  readonly clock: Clock;
  readonly secrets: SecretSource;
  /**
   * The durable outbox: with it, a change, its audit events and its outgoing events are written as one (see
   * application/change-journal.ts). Without it (a use case built alone, in tests) events are only audited.
   */
  readonly outbox?: Outbox;
}

/** What the event is about; never a secret. */
export type AuditSubject = Omit<AuditEvent, "id" | "at">;

let sequence = 0;

/**
 * The event with the clock's time and a new id. The id starts with the time and a per-process sequence, so events
 * of one process in the same millisecond still list in the order they happened; the random tail keeps ids unique
 * across processes.
 */
export function newAuditEvent(deps: Pick<AuditDeps, "clock" | "secrets">, subject: AuditSubject): AuditEvent {
  const now = deps.clock.now();
  sequence = (sequence + 1) % 36 ** 4;
  let random: string | undefined;
  while (!random) random = toBase62(deps.secrets.randomBytes(24), 12);
  const id = `evt_${now.toString(36).padStart(9, "0")}${sequence.toString(36).padStart(4, "0")}${random}`;
  return { id, at: new Date(now).toISOString(), ...subject };
}

/** Appends one event with the clock's time (a change that has no outgoing event of its own). */
export async function recordAudit(deps: AuditDeps, subject: AuditSubject): Promise<void> {
  await deps.audit.record(newAuditEvent(deps, subject));
}
