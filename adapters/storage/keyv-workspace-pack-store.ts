import type Keyv from "keyv";
import type { WorkspacePackStore } from "../../application/ports.ts";
import { KeyedLock } from "./keyed-lock.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";

/** One list of enabled pack ids per workspace, on any Keyv backend (LMDB, Redis, memory); no cache in front. */
export class KeyvWorkspacePackStore implements WorkspacePackStore {
  private readonly lock = new KeyedLock();

  constructor(private readonly lists: Keyv<string[]>) {}

  list(workspaceId: string): Promise<readonly string[]> {
    return guardStorage("listWorkspacePacks", async () => (await this.lists.get(workspaceId)) ?? []);
  }

  enable(workspaceId: string, packId: string): Promise<readonly string[]> {
    return this.update(workspaceId, (ids) => (ids.includes(packId) ? ids : [...ids, packId]));
  }

  disable(workspaceId: string, packId: string): Promise<readonly string[]> {
    return this.update(workspaceId, (ids) => ids.filter((id) => id !== packId));
  }

  private update(workspaceId: string, change: (ids: string[]) => string[]): Promise<readonly string[]> {
    return guardStorage("updateWorkspacePacks", () =>
      this.lock.run(workspaceId, async () => {
        const next = change((await this.lists.get(workspaceId)) ?? []);
        await this.lists.set(workspaceId, next);
        return next;
      }));
  }
}
