import { byCreation } from "../../domain/workspace.js";
import { KeyedLock } from "./keyed-lock.js";
import { guardStorage } from "../../application/storage-unavailable.js";
/**
 * Workspaces as records, and memberships kept twice: as a list per workspace and as a list per account, so both
 * lookups are one read on any Keyv backend (none of which can query by field).
 */
export class KeyvWorkspaceStore {
    records;
    byWorkspace;
    byAccount;
    lock = new KeyedLock();
    constructor(records, byWorkspace, byAccount) {
        this.records = records;
        this.byWorkspace = byWorkspace;
        this.byAccount = byAccount;
    }
    save(workspace) {
        return guardStorage("saveWorkspace", async () => {
            await this.records.set(workspace.id, workspace);
        });
    }
    findById(id) {
        return guardStorage("findWorkspace", () => this.records.get(id));
    }
    saveMembership(membership) {
        return guardStorage("saveMembership", async () => {
            const replace = (list) => [
                ...(list ?? []).filter((m) => m.workspaceId !== membership.workspaceId || m.accountId !== membership.accountId),
                membership,
            ];
            await this.lock.run(`a:${membership.accountId}`, async () => this.byAccount.set(membership.accountId, replace(await this.byAccount.get(membership.accountId))));
            await this.lock.run(`w:${membership.workspaceId}`, async () => this.byWorkspace.set(membership.workspaceId, replace(await this.byWorkspace.get(membership.workspaceId))));
        });
    }
    findMembership(workspaceId, accountId) {
        return guardStorage("findMembership", async () => (await this.byWorkspace.get(workspaceId))?.find((m) => m.accountId === accountId));
    }
    listMembers(workspaceId) {
        return guardStorage("listMembers", async () => [...((await this.byWorkspace.get(workspaceId)) ?? [])].sort(byCreation));
    }
    listMemberships(accountId) {
        return guardStorage("listMemberships", async () => [...((await this.byAccount.get(accountId)) ?? [])].sort(byCreation));
    }
}
