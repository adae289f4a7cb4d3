import type Keyv from "keyv";
import type { WorkspaceStore } from "../../application/ports.ts";
import { byCreation, type Membership, type Workspace } from "../../domain/workspace.ts";
import { KeyedLock } from "./keyed-lock.ts";
import { guardStorage } from "../../application/storage-unavailable.ts";

/**
 * Workspaces as records, and memberships kept twice: as a list per workspace and as a list per account, so both
 * lookups are one read on any Keyv backend (none of which can query by field).
 */
export class KeyvWorkspaceStore implements WorkspaceStore {
  private readonly lock = new KeyedLock();

  constructor(
    private readonly records: Keyv<Workspace>,
    private readonly byWorkspace: Keyv<Membership[]>,
    private readonly byAccount: Keyv<Membership[]>,
  ) {}

  save(workspace: Workspace): Promise<void> {
    return guardStorage("saveWorkspace", async () => {
      await this.records.set(workspace.id, workspace);
    });
  }

  findById(id: string): Promise<Workspace | undefined> {
    return guardStorage("findWorkspace", () => this.records.get(id));
  }

  saveMembership(membership: Membership): Promise<void> {
    return guardStorage("saveMembership", async () => {
      const replace = (list: Membership[] | undefined) => [
        ...(list ?? []).filter((m) => m.workspaceId !== membership.workspaceId || m.accountId !== membership.accountId),
        membership,
      ];
      await this.lock.run(`a:${membership.accountId}`, async () =>
        this.byAccount.set(membership.accountId, replace(await this.byAccount.get(membership.accountId))));
      await this.lock.run(`w:${membership.workspaceId}`, async () =>
        this.byWorkspace.set(membership.workspaceId, replace(await this.byWorkspace.get(membership.workspaceId))));
    });
  }

  findMembership(workspaceId: string, accountId: string): Promise<Membership | undefined> {
    return guardStorage("findMembership", async () =>
      (await this.byWorkspace.get(workspaceId))?.find((m) => m.accountId === accountId));
  }

  listMembers(workspaceId: string): Promise<readonly Membership[]> {
    return guardStorage("listMembers", async () => [...((await this.byWorkspace.get(workspaceId)) ?? [])].sort(byCreation));
  }

  listMemberships(accountId: string): Promise<readonly Membership[]> {
    return guardStorage("listMemberships", async () => [...((await this.byAccount.get(accountId)) ?? [])].sort(byCreation));
  }
}
