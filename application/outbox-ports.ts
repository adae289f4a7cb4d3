import type { AuditEvent } from "../domain/audit.ts";
import type { EmailMessage, OutgoingEvent } from "../domain/event.ts";
import type { Webhook } from "../domain/webhook.ts";
import type { Workspace } from "../domain/workspace.ts";

// The ports of events leaving the service (the outbox, webhook endpoints, senders); application/ports.ts re-exports them.

/** The records a change can mark with its id. */
export type MarkedRecord = "key" | "webhook" | "invitation" | "account";

/**
 * How to tell, after a crash, whether a change in flight was made: read the record the change writes and compare.
 * Each kind names one record; recovery (application/recover-change.ts) knows how to read each.
 */
export type LandedCheck =
  /**
   * A change that names itself on the record it changes (domain/change-ids.ts): landed once the record lists its id.
   * Every change whose end state a racing change may reach too (two revocations, two disables) is checked this way: a
   * loser stalled past the change window would otherwise be judged landed, and its events sent a second time.
   */
  | { readonly kind: "marked"; readonly record: MarkedRecord; readonly id: string; readonly changeId: string }
  /** A key holding state no other change writes (a new key's secret hash); with other fields, intents of earlier releases. */
  | { readonly kind: "key"; readonly keyId: string; readonly expect: Readonly<Record<string, unknown>> }
  | { readonly kind: "key-secret"; readonly keyId: string; readonly secretHash: string }
  | { readonly kind: "membership"; readonly workspaceId: string; readonly accountId: string; readonly role: string | null }
  | { readonly kind: "joined"; readonly workspaceId: string; readonly accountId: string; readonly invitationId: string; readonly role: string }
  /** An invitation made (status "*": its id is new); another status: an intent of an earlier release. */
  | { readonly kind: "invitation"; readonly invitationId: string; readonly status: string }
  | { readonly kind: "pack"; readonly workspaceId: string; readonly packId: string; readonly enabled: boolean }
  /** Intents of earlier releases, judged as they were written: a disabled endpoint, an account's change. */
  | { readonly kind: "webhook"; readonly webhookId: string; readonly enabled: boolean }
  | { readonly kind: "account"; readonly accountId: string; readonly changeId: string }
  /** A new workspace: its owner's membership is written first; recovery then writes the workspace itself. */
  | { readonly kind: "workspace"; readonly workspace: Workspace };

/**
 * A change in flight, written before the change itself: if the process dies before the change's events are out, any
 * instance finds it once `nextAttemptAt` passes, checks whether the change landed, and then records its audit events
 * and sends its work (or drops it all). So a change, its audit and its events end whole or not at all.
 */
export interface ChangeIntent {
  /** The intent's outbox item id; its follow-up items are named after it. */
  readonly id: string;
  readonly check: LandedCheck;
  /** Recorded (with these ids) once the change has landed. */
  readonly audit: readonly AuditEvent[];
  /** Added to the outbox once the change has landed (events keep their ids: the audit event's). */
  readonly then: readonly OutboxWork[];
}

/** What one outbox item asks the dispatcher to do. */
export type OutboxWork =
  | { readonly kind: "change"; readonly intent: ChangeIntent }
  /** Fan an event out to the workspace's endpoints that want it (`only`: to that endpoint alone, a test). */
  | { readonly kind: "event"; readonly event: OutgoingEvent; readonly only?: string }
  | { readonly kind: "delivery"; readonly webhookId: string; readonly event: OutgoingEvent }
  | { readonly kind: "email"; readonly email: EmailMessage };

export type OutboxStatus = "pending" | "delivered" | "failed";

/** One unit of work with its retry state. Pending items are due at `nextAttemptAt`. */
export interface OutboxItem {
  readonly id: string;
  readonly work: OutboxWork;
  readonly status: OutboxStatus;
  readonly createdAt: number;
  readonly attempts: number;
  readonly lastAttemptAt: number | null;
  /** Epoch ms when it is next due; null once delivered or failed. */
  readonly nextAttemptAt: number | null;
  readonly responseStatus: number | null;
  readonly error: string | null;
  /** The log it is listed in (a webhook's deliveries: the webhook id); null for items no log shows. */
  readonly log: string | null;
  /** Who holds it now and until when (epoch ms): set by `claim`, cleared by `settle`. */
  readonly leaseOwner: string | null;
  readonly leaseUntil: number | null;
}

/** One page of a log, newest item first. */
export interface OutboxPage {
  readonly items: readonly OutboxItem[];
  /** An opaque position to pass as `before` for the next page, or undefined on the last page. */
  readonly next: string | undefined;
}

/**
 * The durable outbox: every instance on one store shares it. Every method throws when the storage is unreachable.
 * A lease makes each attempt one instance's: `claim` hands an item to one owner until its lease ends.
 */
export interface Outbox {
  /** Stores each item unless one with its id is already there (that one is kept): adding twice is harmless. Durable once it resolves. */
  add(items: readonly OutboxItem[]): Promise<void>;
  /**
   * Up to `limit` pending items due at `now` (nextAttemptAt ≤ now) whose lease is free or ended, earliest due first,
   * each now leased to `owner` until `now + leaseMs`: no other claim returns it while the lease holds.
   */
  claim(now: number, limit: number, leaseMs: number, owner: string): Promise<readonly OutboxItem[]>;
  /**
   * Writes `next` in place of the item `owner` holds (its lease cleared), or removes the item when `next` is null.
   * False, writing nothing, when `owner` no longer holds it (the lease ended and another claimed it).
   */
  settle(id: string, owner: string, next: OutboxItem | null): Promise<boolean>;
  /** Changes one item atomically (as ApiKeyStore.update): `change` may run again on a newer item. Undefined when absent. */
  update(id: string, change: (current: OutboxItem) => OutboxItem | undefined): Promise<OutboxItem | undefined>;
  /** The item with this id, or undefined. */
  find(id: string): Promise<OutboxItem | undefined>;
  /** One page of a log (items whose `log` is `log`), newest (`createdAt`, then id) first; each log keeps its newest 1,000. */
  page(log: string, options: { readonly limit: number; readonly before?: string }): Promise<OutboxPage>;
}

/** A webhook endpoint's record as it was before a change and as it is after. */
export interface WebhookUpdate {
  readonly before: Webhook;
  readonly after: Webhook;
}

/** Where webhook endpoints live. Every method throws when the storage cannot be reached. */
export interface WebhookStore {
  /** Stores a new endpoint unless its workspace already has `max`: false, nothing stored, then. Atomic on every instance. */
  create(webhook: Webhook, max: number): Promise<boolean>;
  find(id: string): Promise<Webhook | undefined>;
  /** The workspace's endpoints, oldest first. */
  listByWorkspace(workspaceId: string): Promise<readonly Webhook[]>;
  /** Atomic per endpoint, as ApiKeyStore.update. Undefined when absent. */
  update(id: string, change: (current: Webhook) => Webhook | undefined): Promise<WebhookUpdate | undefined>;
  /** Removes it; false when there was none. */
  delete(id: string): Promise<boolean>;
}

/** What one POST to an endpoint came to. */
export interface SendOutcome {
  /** The answer's status; undefined when none came (refused target, connection error, timeout). */
  readonly status?: number;
  /** From a 429 or 503's Retry-After, in seconds. */
  readonly retryAfterSeconds?: number;
  /** Why it failed, for the deliveries log (no secret, a few hundred characters at most). */
  readonly error?: string;
}

/** Posts one signed event to an endpoint: the target checked and pinned, no redirect followed, bounded in time and size. */
export interface WebhookSender {
  send(url: string, body: string, headers: Readonly<Record<string, string>>): Promise<SendOutcome>;
  /** Whether a URL may be an endpoint (scheme, and every address its host resolves to); the refusal's reason otherwise. */
  checkTarget(url: string): Promise<string | undefined>;
}

/** Sends one email; throws when the mail server refuses it or cannot be reached (the outbox tries again). */
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}
