import type { SessionStore } from "./ports.ts";
export interface SignOutCommand {
    /** The session token from the cookie; signing out without one does nothing. */
    readonly token: string | undefined;
}
/** Destroys the session server-side, so the token is worthless even if a copy of the cookie survives. */
export declare class SignOut {
    private readonly deps;
    constructor(deps: {
        sessions: SessionStore;
    });
    execute(cmd: SignOutCommand): Promise<void>;
}
