/** A signed-in browser or client. Stored under the hash of its token; the token lives only in the cookie. */
export interface Session {
    /** SHA-256 (hex) of the session token. */
    readonly id: string;
    readonly accountId: string;
    /** The workspace the dashboard shows. */
    readonly workspaceId: string;
    /** The synchronizer token every state-changing request must echo. */
    readonly csrfToken: string;
    readonly createdAt: number;
    readonly lastSeenAt: number;
}
/** How long a session lives: `idleMs` after its last use, and never more than `absoluteMs` after sign-in. */
export interface SessionPolicy {
    readonly idleMs: number;
    readonly absoluteMs: number;
}
export declare const DEFAULT_SESSION_POLICY: SessionPolicy;
/** Writing `lastSeenAt` on every request would cost a storage write per page view. */
export declare const TOUCH_RESOLUTION_MS = 60000;
export declare const hashSessionToken: (token: string) => string;
/** When the session ends unless it is used again. */
export declare const sessionExpiresAt: (session: Session, policy: SessionPolicy) => number;
export declare const isSessionLive: (session: Session, now: number, policy: SessionPolicy) => boolean;
/** The session with `lastSeenAt` moved to `now`, or the same object when it was seen recently. */
export declare const touchSession: (session: Session, now: number) => Session;
/** Compares two tokens in constant time (for the length they share). */
export declare function isSameToken(expected: string, given: string | undefined | null): boolean;
