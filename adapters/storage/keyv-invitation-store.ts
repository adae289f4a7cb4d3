import Keyv from "keyv";
import type { Clock, InvitationStore, InvitationUpdate } from "../../application/ports.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";
import type { Invitation } from "../../domain/invitation.ts";
import { mapEntries } from "./atomic-entries.ts";
import { AtomicRecords } from "./atomic-records.ts";
import { type SortedIndex, sortedIndexOf } from "./sorted-index.ts";

/** Invitation records in this process's memory (the CLI's wiring, tests): atomic because one process holds them. */
export function memoryInvitationRecords(namespace = "invitations"): AtomicRecords<Invitation> {
  const map = new Map<string, unknown>();
  return new AtomicRecords<Invitation>(new Keyv<Invitation>({ store: map, namespace, throwOnErrors: true }), mapEntries(map), `${namespace}:`);
}

/**
 * Invitations as compare-and-set records (Storage.atomic) keyed by id, each with the TTL of its expiry so the storage
 * drops it (Redis itself; the embedded store's sweep of the "invitations" namespace), a token-hash → id record beside
 * it with the same TTL, and a sorted index of ids per workspace, pruned of expired ids as it is read. Accepting and
 * revoking go through `update`, so of two racing uses exactly one changes a pending invitation.
 *
 * The pending ones of a workspace are also entries of a second set of the same index (`pending:<workspace id>`),
 * whose cap refuses the entry past `maxPending` atomically on every backend. The entry is written before the record
 * and removed once an update ends the invitation, so a pending invitation is always counted; an entry that no longer
 * stands for one (expired, ended by a process that died before removing it, or whose record never came) is dropped
 * by a save it would refuse.
 */
export class KeyvInvitationStore implements InvitationStore {
  private readonly byWorkspace: SortedIndex;

  constructor(
    private readonly records: AtomicRecords<Invitation>,
    byWorkspace: Keyv<never>,
    private readonly clock: Clock,
  ) {
    this.byWorkspace = sortedIndexOf(byWorkspace);
  }

  save(invitation: Invitation, options: { readonly maxPending?: number } = {}): Promise<boolean> {
    return guardStorage("saveInvitation", async () => {
      if (invitation.status === "pending" && !(await this.enterPending(invitation, options.maxPending))) return false;
      const ttl = this.ttlOf(invitation);
      if (!(await this.records.write(invitation.id, undefined, invitation, ttl))) throw new Error(`invitation ${invitation.id} exists already`);
      await this.records.keyv.set(tokenKey(invitation.tokenHash), invitation.id, ttl);
      await this.byWorkspace.put(invitation.workspaceId, invitation.id, invitation.id);
      return true;
    });
  }

  findById(id: string): Promise<Invitation | undefined> {
    return guardStorage("findInvitation", async () => (await this.records.read(id))?.value);
  }

  findByTokenHash(tokenHash: string): Promise<Invitation | undefined> {
    return guardStorage("findInvitationByToken", async () => {
      const id = await this.records.keyv.get(tokenKey(tokenHash));
      return typeof id === "string" ? (await this.records.read(id))?.value : undefined;
    });
  }

  listByWorkspace(workspaceId: string): Promise<readonly Invitation[]> {
    return guardStorage("listInvitations", async () => {
      const found: Invitation[] = [];
      for (const { member } of await this.byWorkspace.all(workspaceId)) {
        const invitation = (await this.records.read(member))?.value;
        // An id whose record the storage dropped (expired) leaves the index as it is seen.
        if (invitation) found.push(invitation);
        else await this.byWorkspace.remove(workspaceId, member);
      }
      return found.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    });
  }

  update(id: string, change: (current: Invitation) => Invitation | undefined): Promise<InvitationUpdate | undefined> {
    return guardStorage("updateInvitation", async () => {
      for (;;) {
        const current = await this.records.read(id);
        if (!current) return undefined;
        const next = change(current.value);
        if (!next || next === current.value) return { before: current.value, after: current.value };
        if (await this.records.write(id, current.raw, next, this.ttlOf(next))) {
          await this.followPending(current.value, next);
          return { before: current.value, after: next };
        }
      }
    });
  }

  /** Puts the invitation's pending entry under the cap; when refused, drops the entries that count nothing and tries once more. */
  private async enterPending(invitation: Invitation, maxPending: number | undefined): Promise<boolean> {
    const entry: PendingEntry = { expiresAt: invitation.expiresAt, enteredAt: Date.now() };
    const put = () => this.byWorkspace.put(pendingSet(invitation.workspaceId), invitation.id, JSON.stringify(entry), { maxCount: maxPending });
    if (await put()) return true;
    return (await this.prunePending(invitation.workspaceId)) > 0 && put();
  }

  /** Keeps the pending entry in step with a written change: out when the invitation ends, back in when it is given back. */
  private async followPending(before: Invitation, after: Invitation): Promise<void> {
    if (before.status === after.status) return;
    const set = pendingSet(after.workspaceId);
    // A give-back re-enters without the cap: the invitation was counted when it was made.
    if (after.status === "pending") await this.byWorkspace.put(set, after.id, JSON.stringify({ expiresAt: after.expiresAt, enteredAt: Date.now() }));
    else await this.byWorkspace.remove(set, after.id);
  }

  /** Removes the pending entries that stand for no pending invitation; returns how many went. */
  private async prunePending(workspaceId: string): Promise<number> {
    const set = pendingSet(workspaceId);
    let dropped = 0;
    for (const { member, value } of await this.byWorkspace.all(set)) {
      const entry = readPendingEntry(value);
      const record = (await this.records.read(member))?.value;
      const counts = entry.expiresAt > this.clock.now() && (record ? record.status === "pending" : Date.now() - entry.enteredAt < STALE_AFTER_MS);
      if (counts) continue;
      await this.byWorkspace.remove(set, member);
      dropped += 1;
    }
    return dropped;
  }

  /** Until the invitation expires on the injected clock, at least a second (housekeeping: the use cases decide expiry). */
  private ttlOf(invitation: Invitation): number {
    return Math.max(1000, invitation.expiresAt - this.clock.now());
  }
}

const tokenKey = (tokenHash: string): string => `token:${tokenHash}`;
/** The set of a workspace's pending invitations (workspace ids start `ws_`, so no workspace's own set has this name). */
const pendingSet = (workspaceId: string): string => `pending:${workspaceId}`;
/** Far above one save's storage calls between its entry and its record, and above clock skew between instances. */
const STALE_AFTER_MS = 5 * 60_000;

/** A pending entry's value: when the invitation expires (the injected clock) and when the entry was written (Date.now). */
interface PendingEntry {
  readonly expiresAt: number;
  readonly enteredAt: number;
}

function readPendingEntry(value: string): PendingEntry {
  try {
    const parsed = JSON.parse(value) as Partial<PendingEntry>;
    if (Number.isFinite(parsed.expiresAt) && Number.isFinite(parsed.enteredAt)) return parsed as PendingEntry;
  } catch {
    // An unreadable entry counts nothing.
  }
  return { expiresAt: 0, enteredAt: 0 };
}
