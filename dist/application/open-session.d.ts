import type { Account } from "../domain/account.ts";
import { type Session, type SessionPolicy } from "../domain/session.ts";
import { type Workspace } from "../domain/workspace.ts";
import type { Clock, SecretSource, SessionStore, WorkspaceStore } from "./ports.ts";
/** A fresh session and the token that names it; the token is returned here once and stored only as a hash. */
export interface IssuedSession {
    readonly token: string;
    readonly session: Session;
    readonly expiresAt: number;
}
export interface OpenSessionDeps {
    readonly sessions: SessionStore;
    readonly secrets: SecretSource;
    readonly clock: Clock;
    readonly sessionPolicy: SessionPolicy;
}
/** Starts a new session (never reuses one: a sign-in always rotates the token). */
export declare function openSession(deps: OpenSessionDeps, accountId: string, workspaceId: string): Promise<IssuedSession>;
/**
 * The account's personal workspace, created (with an owner membership) when it has none yet: at sign-up, and
 * as a repair should sign-up have stopped between writing the account and its workspace.
 */
export declare function ensurePersonalWorkspace(deps: {
    workspaces: WorkspaceStore;
    secrets: SecretSource;
    clock: Clock;
}, account: Account): Promise<Workspace>;
