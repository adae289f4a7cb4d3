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

  save(invitation: Invitation): Promise<void> {
    return guardStorage("saveInvitation", async () => {
      const ttl = this.ttlOf(invitation);
      if (!(await this.records.write(invitation.id, undefined, invitation, ttl))) throw new Error(`invitation ${invitation.id} exists already`);
      await this.records.keyv.set(tokenKey(invitation.tokenHash), invitation.id, ttl);
      await this.byWorkspace.put(invitation.workspaceId, invitation.id, invitation.id);
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
        if (await this.records.write(id, current.raw, next, this.ttlOf(next))) return { before: current.value, after: next };
      }
    });
  }

  /** Until the invitation expires on the injected clock, at least a second (housekeeping: the use cases decide expiry). */
  private ttlOf(invitation: Invitation): number {
    return Math.max(1000, invitation.expiresAt - this.clock.now());
  }
}

const tokenKey = (tokenHash: string): string => `token:${tokenHash}`;
