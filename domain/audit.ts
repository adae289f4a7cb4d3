import type { Role } from "./workspace.ts";

/**
 * Audit event types. Kept as one list so later features (tool packs) extend it in one place;
 * the wire `type` is always one of these.
 */
export const AUDIT_EVENT_TYPES = [
  "key.created", "key.rotated", "key.revoked", "key.updated", "key.expired", "pack.enabled", "pack.disabled",
  "member.invited", "member.joined", "member.role_changed", "member.removed", "invitation.revoked", "webhook.disabled",
  "account.password_changed", "account.password_reset", "account.totp_enabled", "account.totp_disabled",
  "account.passkey_added", "account.passkey_removed",
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

export const isAuditEventType = (value: string): value is AuditEventType => (AUDIT_EVENT_TYPES as readonly string[]).includes(value);

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
  /** For key.updated: each changed field's new value (never a secret: name, limit, windowSeconds). */
  readonly newValues?: Readonly<Record<string, string | number>>;
  /** For member.* events: whose membership (for member.joined, the account that joined). */
  readonly memberAccountId?: string;
  /** member.invited, member.joined: the role given; member.role_changed: the new role. */
  readonly role?: Role;
  /** member.role_changed: the role before. */
  readonly previousRole?: Role;
  /** member.invited, member.joined, invitation.revoked: which invitation, and the address it was sent to. */
  readonly invitationId?: string;
  readonly email?: string;
  /** webhook.disabled: which endpoint, and why (its answer was 410, or every delivery failed for 5 days). */
  readonly webhookId?: string;
  readonly reason?: string;
  /** account.passkey_added, account.passkey_removed: which credential, and the name it was given. */
  readonly passkeyId?: string;
  readonly passkeyName?: string;
}

/** An event as the audit answer shows it: who acted (their email) and, where it applies, the key's name and the member's email. */
export interface AuditEntry extends AuditEvent {
  /** The acting account's email; null for the CLI, the system, or an account that no longer exists. */
  readonly actorEmail: string | null;
  /** key.* events: the key's name now. */
  readonly keyName?: string;
  /** member.* events: the member's email. */
  readonly memberEmail?: string;
}

/** Newest first; ties (same millisecond) broken by id so the order is stable. */
export const newestFirst = (a: AuditEvent, b: AuditEvent): number =>
  b.at.localeCompare(a.at) || b.id.localeCompare(a.id);

/** How many events a workspace keeps: recording one more drops the oldest, so no log (and no read) grows without bound. */
export const AUDIT_RETENTION = 10_000;
/** Events per page of the audit answer: `limit` defaults to 50 and may be 1 to 200. */
export const AUDIT_PAGE_LIMITS = { default: 50, max: 200 } as const;

/** Where an event sits in its log: newest first is descending order of this text (`at` is fixed-width ISO 8601). */
export const auditPosition = (event: Pick<AuditEvent, "at" | "id">): string => `${event.at}|${event.id}`;

const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\|[A-Za-z0-9_-]{1,64}$/;

/** The opaque cursor a page hands out: the position of its last event, base64url-encoded. */
export const toAuditCursor = (position: string): string => Buffer.from(position, "utf8").toString("base64url");

/** The position a cursor stands for, or undefined when the text is not a cursor this service handed out. */
export function readAuditCursor(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined;
  const position = Buffer.from(cursor, "base64url").toString("utf8");
  return POSITION.test(position) ? position : undefined;
}
