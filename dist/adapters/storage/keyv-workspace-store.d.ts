import type Keyv from "keyv";
import type { WorkspaceStore } from "../../application/ports.ts";
import { type Membership, type Workspace } from "../../domain/workspace.ts";
/**
 * Workspaces as records, and memberships kept twice: as a list per workspace and as a list per account, so both
 * lookups are one read on any Keyv backend (none of which can query by field).
 */
export declare class KeyvWorkspaceStore implements WorkspaceStore {
    private readonly records;
    private readonly byWorkspace;
    private readonly byAccount;
    private readonly lock;
    constructor(records: Keyv<Workspace>, byWorkspace: Keyv<Membership[]>, byAccount: Keyv<Membership[]>);
    save(workspace: Workspace): Promise<void>;
    findById(id: string): Promise<Workspace | undefined>;
    saveMembership(membership: Membership): Promise<void>;
    findMembership(workspaceId: string, accountId: string): Promise<Membership | undefined>;
    listMembers(workspaceId: string): Promise<readonly Membership[]>;
    listMemberships(accountId: string): Promise<readonly Membership[]>;
}
