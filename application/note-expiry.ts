import { type ApiKey, isExpiredAt } from "../domain/api-key.ts";
import type { ApiKeyStore } from "./ports.ts";
import { journaled, markedChange } from "./change-journal.ts";
import type { AuditDeps } from "./record-audit.ts";

/**
 * Records `key.expired` the first time an expired key is observed (an authentication attempt or a listing):
 * expiry is a moment, not an act, so nothing runs at that moment. The key is marked so the event is written once.
 */
export async function noteExpiry(deps: AuditDeps & { keys: ApiKeyStore }, key: ApiKey): Promise<void> {
  const now = deps.clock.now();
  const due = (current: ApiKey) => current.status === "active" && !current.expiryRecorded && isExpiredAt(current, now);
  if (!due(key)) return;
  // The mark is set atomically, so of all the observers racing on the key exactly one writes the event.
  const subject = { type: "key.expired", actor: { system: true }, workspaceId: key.workspaceId, keyId: key.id } as const;
  const marked = markedChange(deps, "key", key.id);
  await journaled(deps, { subjects: [subject], check: marked.check }, async () => {
    const change = await deps.keys.update(key.id, marked.mark<ApiKey>((current) => (due(current) ? { ...current, expiryRecorded: true } : undefined)));
    return { landed: !!change && change.after !== change.before, value: undefined };
  });
}
