import type { Account } from "../domain/account.ts";
import { type DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import { type Session, type SessionPolicy } from "../domain/session.ts";
import { type Role, type Workspace } from "../domain/workspace.ts";
import type { AccountStore, Clock, SessionStore, WorkspaceStore } from "./ports.ts";
export interface ResolveSessionCommand {
    /** The session token from the cookie, or undefined when none was sent. */
    readonly token: string | undefined;
}
/** Who is signed in, and where: the session, its account, and the current workspace with the account's role. */
export interface SessionContext {
    readonly session: Session;
    readonly account: Account;
    readonly workspace: Workspace;
    readonly role: Role;
    /** When the session ends unless used again (epoch ms). */
    readonly expiresAt: number;
}
export interface ResolveSessionDeps {
    readonly sessions: SessionStore;
    readonly accounts: AccountStore;
    readonly workspaces: WorkspaceStore;
    readonly clock: Clock;
    readonly sessionPolicy: SessionPolicy;
}
/** Finds the live session a token names, enforcing idle and absolute expiry, and records its use. */
export declare class ResolveSession {
    private readonly deps;
    constructor(deps: ResolveSessionDeps);
    execute(cmd: ResolveSessionCommand): Promise<Result<SessionContext, DomainError>>;
    /** The session's workspace while the account is still a member of it, else its oldest membership. */
    private currentWorkspace;
}
