import type { AuditActor, AuditEventType } from "../domain/audit.ts";
import { toBase62 } from "../domain/api-key.ts";
import type { AuditLog, Clock, SecretSource } from "./ports.ts";

export interface AuditDeps {
  readonly audit: AuditLog;
  readonly clock: Clock;
  readonly secrets: SecretSource;
}

/** What the event is about; never a secret. */
export interface AuditSubject {
  readonly type: AuditEventType;
  readonly actor: AuditActor;
  readonly workspaceId: string | null;
  readonly keyId?: string;
  readonly packId?: string;
  readonly changes?: readonly string[];
}

/** Appends one event with a fresh random id and the clock's time. */
export async function recordAudit(deps: AuditDeps, subject: AuditSubject): Promise<void> {
  let id: string | undefined;
  while (!id) id = toBase62(deps.secrets.randomBytes(32), 16);
  await deps.audit.record({ id: `evt_${id}`, at: new Date(deps.clock.now()).toISOString(), ...subject });
}
