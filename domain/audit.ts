/**
 * Audit event types. Kept as one list so later features (tool packs) extend it in one place;
 * the wire `type` is always one of these.
 */
export const AUDIT_EVENT_TYPES = [
  "key.created", "key.rotated", "key.revoked", "key.updated", "key.expired", "pack.enabled", "pack.disabled",
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** Who did it: a dashboard account, the CLI, or the system itself (an expiry noticed by the server). */
export type AuditActor = { readonly accountId: string } | { readonly cli: true } | { readonly system: true };

/** One audited change. Never holds a secret or a secret hash: only ids, names of fields and times. */
export interface AuditEvent {
  readonly id: string;
  /** ISO 8601. */
  readonly at: string;
  readonly type: AuditEventType;
  readonly actor: AuditActor;
  readonly workspaceId: string | null;
  readonly keyId?: string;
  readonly packId?: string;
  /** For key.updated: which fields changed (names only). */
  readonly changes?: readonly string[];
}

/** Newest first; ties (same millisecond) broken by id so the order is stable. */
export const newestFirst = (a: AuditEvent, b: AuditEvent): number =>
  b.at.localeCompare(a.at) || b.id.localeCompare(a.id);
