import { type ApiKey, isActive } from "../domain/api-key.ts";
import type { WindowHit } from "../domain/rate-limit.ts";
import type { OutgoingEvent } from "../domain/event.ts";
import { journaled, markedChange } from "./change-journal.ts";
import { eventItem } from "./outbox-items.ts";
import type { ApiKeyStore, Outbox } from "./ports.ts";
import { newId } from "./random-ids.ts";
import type { AuditDeps } from "./record-audit.ts";

const DAY_MS = 86_400_000;
/** How long before a key's expiry each `key.expiring` notice goes: 7 days, then 1 day. */
export const EXPIRY_NOTICES = [{ name: "7d", beforeMs: 7 * DAY_MS }, { name: "1d", beforeMs: DAY_MS }] as const;

const keyData = (key: ApiKey) => ({ keyId: key.id, keyName: key.name, workspaceId: key.workspaceId });

/**
 * `key.rate_limited` for the first 429 of a key in a window: exactly one request of a window counts limit + 1 (the
 * counters are atomic), so exactly one event is added. Never awaited on the request's path.
 */
export async function noteFirstRefusal(deps: Pick<AuditDeps, "clock" | "secrets"> & { outbox: Outbox }, key: ApiKey, hit: WindowHit): Promise<void> {
  if (hit.count !== key.policy.limit + 1) return;
  const now = deps.clock.now();
  const id = newId(deps.secrets, "evt");
  const at = new Date(now).toISOString();
  const event: OutgoingEvent = {
    id, type: "key.rate_limited", timestamp: at, workspaceId: key.workspaceId,
    data: { id, at, ...keyData(key), limit: key.policy.limit, windowSeconds: key.policy.windowMs / 1000 },
  };
  await deps.outbox.add([eventItem(event, now)]);
}

/**
 * `key.expiring` 7 days and 1 day before each active key's expiry. The key is marked (atomically, so of several
 * instances scanning one sends it) as one journaled change with the event: a crash never sends it twice or loses it.
 */
export async function sendExpiryNotices(deps: AuditDeps & { keys: ApiKeyStore }): Promise<number> {
  const now = deps.clock.now();
  let sent = 0;
  for (const key of await deps.keys.list()) {
    const notice = dueNotice(key, now);
    if (!notice) continue;
    const id = newId(deps.secrets, "evt");
    const at = new Date(now).toISOString();
    const expiresAt = new Date(key.expiresAt as number).toISOString();
    const event: OutgoingEvent = { id, type: "key.expiring", timestamp: at, workspaceId: key.workspaceId, data: { id, at, ...keyData(key), expiresAt, notice: notice.name } };
    const marked = markedChange(deps, "key", key.id);
    const landed = await journaled(deps, { subjects: [], check: marked.check, then: [{ kind: "event", event }] }, async () => {
      const change = await deps.keys.update(key.id, marked.mark<ApiKey>((current) =>
        dueNotice(current, now)?.name === notice.name ? { ...current, expiryNotices: [...(current.expiryNotices ?? []), notice.name] } : undefined));
      return { landed: !!change && change.after !== change.before, value: !!change && change.after !== change.before };
    });
    if (landed) sent += 1;
  }
  return sent;
}

/** The latest notice due for the key and not yet sent; none for a key without expiry, inactive, or already past it. */
function dueNotice(key: ApiKey, now: number): (typeof EXPIRY_NOTICES)[number] | undefined {
  if (typeof key.expiresAt !== "number" || !isActive(key) || key.expiresAt <= now) return undefined;
  const left = key.expiresAt - now;
  const due = EXPIRY_NOTICES.filter((notice) => left <= notice.beforeMs);
  const latest = due.at(-1);
  return latest && !(key.expiryNotices ?? []).includes(latest.name) ? latest : undefined;
}
