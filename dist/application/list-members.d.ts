import type { DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import type { Role } from "../domain/workspace.ts";
import type { AccountStore, WorkspaceStore } from "./ports.ts";
export interface ListMembersCommand {
    readonly accountId: string;
    readonly workspaceId: string;
}
/** A member as other members see them. */
export interface MemberView {
    readonly accountId: string;
    readonly email: string;
    readonly role: Role;
}
/** The members of a workspace, oldest first; only its members may list them. */
export declare class ListMembers {
    private readonly deps;
    constructor(deps: {
        workspaces: WorkspaceStore;
        accounts: AccountStore;
    });
    execute(cmd: ListMembersCommand): Promise<Result<readonly MemberView[], DomainError>>;
}
