import { type Account, type AccountView } from "../domain/account.ts";
import { type DomainError } from "../domain/errors.ts";
import { type Result } from "../domain/result.ts";
import { type SessionPolicy } from "../domain/session.ts";
import { type Workspace, type WorkspaceView } from "../domain/workspace.ts";
import { type AttemptLimits } from "./attempt-limits.ts";
import { type OpenSessionDeps } from "./open-session.ts";
import type { AccountStore, Clock, PasswordHasher, RateLimitStore, SecretSource, SessionStore, WorkspaceStore } from "./ports.ts";
export interface SignUpCommand {
    readonly email: unknown;
    readonly password: unknown;
    /** The client address, for the per-address attempt limit. */
    readonly ip: string;
    /** The token of a session the client already holds: it is destroyed (the new one replaces it). */
    readonly previousToken?: string;
}
/** What sign-up and sign-in return: the account, its current workspace, and the new session's tokens. */
export interface SignedIn {
    readonly account: AccountView;
    readonly workspace: WorkspaceView;
    /** The session token, for the cookie only: returned once, stored as a hash. */
    readonly token: string;
    readonly csrfToken: string;
    /** How long the cookie may live: the absolute session lifetime (idle expiry is enforced server-side). */
    readonly maxAgeMs: number;
}
export interface SignUpDeps {
    readonly accounts: AccountStore;
    readonly workspaces: WorkspaceStore;
    readonly sessions: SessionStore;
    readonly hasher: PasswordHasher;
    readonly limits: RateLimitStore;
    readonly secrets: SecretSource;
    readonly clock: Clock;
    readonly sessionPolicy: SessionPolicy;
    readonly attemptLimits: AttemptLimits;
}
/** Creates an account with a personal workspace and signs it in. */
export declare class SignUp {
    private readonly deps;
    constructor(deps: SignUpDeps);
    execute(cmd: SignUpCommand): Promise<Result<SignedIn, DomainError>>;
}
/** Opens the session and shapes the answer shared by sign-up and sign-in. */
export declare function startSignedIn(deps: OpenSessionDeps, account: Account, workspace: Workspace): Promise<SignedIn>;
