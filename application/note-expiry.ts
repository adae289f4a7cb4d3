import { type ApiKey, isExpiredAt } from "../domain/api-key.ts";
import type { ApiKeyStore } from "./ports.ts";
import { type AuditDeps, recordAudit } from "./record-audit.ts";

/**
 * Records `key.expired` the first time an expired key is observed (an authentication attempt or a listing):
 * expiry is a moment, not an act, so nothing runs at that moment. The key is marked so the event is written once
 * per process race at most (two instances observing it in the same instant may both write; the audit is append-only).
 */
export async function noteExpiry(deps: AuditDeps & { keys: ApiKeyStore }, key: ApiKey): Promise<void> {
  if (key.status !== "active" || !isExpiredAt(key, deps.clock.now())) return;
  const current = await deps.keys.findById(key.id);
  if (!current || current.expiryRecorded || current.status !== "active") return;
  await deps.keys.save({ ...current, expiryRecorded: true });
  await recordAudit(deps, { type: "key.expired", actor: { system: true }, workspaceId: current.workspaceId, keyId: current.id });
}
