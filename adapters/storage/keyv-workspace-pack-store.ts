import type Keyv from "keyv";
import type { PackListChange, WorkspacePackStore } from "../../application/ports.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";
import type { AtomicRecords } from "./atomic-records.ts";
import { KeyedLock } from "./keyed-lock.ts";

/** The Keyv namespace of the lists. */
export const PACKS_NAMESPACE = "workspace-packs";

/** How many times a change is tried against other writers before it fails (503): each lost try means another landed. */
const MAX_ATTEMPTS = 50;

/**
 * One list of enabled pack ids per workspace, on any Keyv backend (LMDB, Redis, PostgreSQL, memory); no cache in front.
 * A change is a compare-and-set of the list where the storage has atomic records, so instances (and workers) enabling
 * different packs at once keep every one; without them (memory) it is a lock in this process, then the only one.
 */
export class KeyvWorkspacePackStore implements WorkspacePackStore {
  private readonly lock = new KeyedLock();

  constructor(
    private readonly lists: Keyv<string[]>,
    /** The same namespace's records, changed atomically (Storage.atomic). */
    private readonly atomic?: AtomicRecords<string[]>,
  ) {}

  list(workspaceId: string): Promise<readonly string[]> {
    return guardStorage("listWorkspacePacks", async () => (await this.lists.get(workspaceId)) ?? []);
  }

  enable(workspaceId: string, packId: string): Promise<PackListChange> {
    return this.update(workspaceId, (ids) => (ids.includes(packId) ? ids : [...ids, packId]));
  }

  disable(workspaceId: string, packId: string): Promise<PackListChange> {
    return this.update(workspaceId, (ids) => (ids.includes(packId) ? ids.filter((id) => id !== packId) : ids));
  }

  /** `change` answers the list it was given when it has nothing to do: then nothing is written, and the call changed nothing. */
  private update(workspaceId: string, change: (ids: string[]) => string[]): Promise<PackListChange> {
    // Callers of this process queue first, so at most one of them competes with other processes.
    return guardStorage("updateWorkspacePacks", () => this.lock.run(workspaceId, () => this.changed(workspaceId, change)));
  }

  private async changed(workspaceId: string, change: (ids: string[]) => string[]): Promise<PackListChange> {
    const { atomic } = this;
    if (!atomic) {
      const ids = (await this.lists.get(workspaceId)) ?? [];
      const next = change(ids);
      if (next === ids) return { ids, changed: false };
      await this.lists.set(workspaceId, next);
      return { ids: next, changed: true };
    }
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await atomic.read(workspaceId);
      const ids = current?.value ?? [];
      const next = change(ids);
      // Of identical changes racing, the one whose compare-and-set lands made it; the others then find nothing to do.
      if (next === ids) return { ids, changed: false };
      if (await atomic.write(workspaceId, current?.raw, next)) return { ids: next, changed: true };
    }
    throw new Error(`the packs of workspace ${workspaceId} kept changing: ${MAX_ATTEMPTS} attempts lost to other writers`);
  }
}

/** The store as the server wires it on a storage with atomic records: each change a compare-and-set of the list. */
export function atomicPackStore(atomic: <T>(namespace: string) => AtomicRecords<T>): KeyvWorkspacePackStore {
  const records = atomic<string[]>(PACKS_NAMESPACE);
  return new KeyvWorkspacePackStore(records.keyv, records);
}
