import type { AuditEvent } from "../domain/audit.ts";
import { toBase62 } from "../domain/api-key.ts";
import type { AuditLog, Clock, SecretSource } from "./ports.ts";

export interface AuditDeps {
  readonly audit: AuditLog;
  readonly clock: Clock;
  readonly secrets: SecretSource;
}

/** What the event is about; never a secret. */
export type AuditSubject = Omit<AuditEvent, "id" | "at">;

let sequence = 0;

/**
 * Appends one event with the clock's time. The id starts with the time and a per-process sequence, so events
 * of one process in the same millisecond still list in the order they happened; the random tail keeps ids unique
 * across processes.
 */
export async function recordAudit(deps: AuditDeps, subject: AuditSubject): Promise<void> {
  const now = deps.clock.now();
  sequence = (sequence + 1) % 36 ** 4;
  let random: string | undefined;
  while (!random) random = toBase62(deps.secrets.randomBytes(24), 12);
  const id = `evt_${now.toString(36).padStart(9, "0")}${sequence.toString(36).padStart(4, "0")}${random}`;
  await deps.audit.record({ id, at: new Date(now).toISOString(), ...subject });
}
