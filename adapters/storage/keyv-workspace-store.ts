import type Keyv from "keyv";
import type { EnsureHeld, WorkspaceStore } from "../../application/ports.ts";
import { byCreation, type Membership, type Workspace } from "../../domain/workspace.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";
import type { AtomicRecords } from "./atomic-records.ts";
import { type SortedIndex, sortedIndexOf } from "./sorted-index.ts";
import { type Lease, LeaseLock } from "./workspace-lock.ts";

/**
 * Workspaces as records, and one record per membership, kept twice: in a set per workspace (member: the account id)
 * and in a set per account (member: the workspace id), the sorted indexes beside the two Keyv namespaces. A new
 * membership writes two small entries whatever the sets hold (no list is read or rewritten); a lookup reads one
 * entry; a listing reads one set's range. Member changes that must see the whole roster (the last-owner rule) run
 * one at a time per workspace under a lease in `locks` (compare-and-set records shared by every instance).
 */
export class KeyvWorkspaceStore implements WorkspaceStore {
  private readonly members: SortedIndex;
  private readonly memberships: SortedIndex;
  private readonly lock: LeaseLock;

  constructor(
    private readonly records: Keyv<Workspace>,
    byWorkspace: Keyv<never>,
    byAccount: Keyv<never>,
    /** Leases for `exclusive`; without them it excludes only within this process. */
    locks?: AtomicRecords<Lease>,
    /** The leases' clock: the wall clock every instance sharing them reads. */
    now?: () => number,
  ) {
    this.members = sortedIndexOf(byWorkspace);
    this.memberships = sortedIndexOf(byAccount);
    this.lock = new LeaseLock(locks, now);
  }

  save(workspace: Workspace): Promise<void> {
    return guardStorage("saveWorkspace", async () => {
      await this.records.set(workspace.id, workspace);
    });
  }

  findById(id: string): Promise<Workspace | undefined> {
    return guardStorage("findWorkspace", () => this.records.get(id));
  }

  saveMembership(membership: Membership, options: { readonly maxPerAccount?: number } = {}): Promise<boolean> {
    return guardStorage("saveMembership", async () => {
      const value = JSON.stringify(membership);
      // The account's side first: it carries the cap, and a workspace never lists a member the account cannot see.
      const stored = await this.memberships.put(membership.accountId, membership.workspaceId, value, { maxCount: options.maxPerAccount });
      if (stored) await this.members.put(membership.workspaceId, membership.accountId, value);
      return stored;
    });
  }

  findMembership(workspaceId: string, accountId: string): Promise<Membership | undefined> {
    return guardStorage("findMembership", async () => {
      const value = await this.members.get(workspaceId, accountId);
      return value === undefined ? undefined : (JSON.parse(value) as Membership);
    });
  }

  listMembers(workspaceId: string): Promise<readonly Membership[]> {
    return guardStorage("listMembers", () => readAll(this.members, workspaceId));
  }

  listMemberships(accountId: string): Promise<readonly Membership[]> {
    return guardStorage("listMemberships", () => readAll(this.memberships, accountId));
  }

  removeMembership(workspaceId: string, accountId: string): Promise<void> {
    return guardStorage("removeMembership", async () => {
      // The workspace's side first: every access check reads it, so access ends with this write.
      await this.members.remove(workspaceId, accountId);
      await this.memberships.remove(accountId, workspaceId);
    });
  }

  exclusive<T>(workspaceId: string, section: (ensureHeld: EnsureHeld) => Promise<T>): Promise<T> {
    return this.lock.run(workspaceId, section);
  }
}

async function readAll(index: SortedIndex, set: string): Promise<Membership[]> {
  return (await index.all(set)).map((entry) => JSON.parse(entry.value) as Membership).sort(byCreation);
}
