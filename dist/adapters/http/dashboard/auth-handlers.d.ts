import type { H3Event } from "h3";
import type { SessionRouteDeps } from "../session/session-deps.ts";
/** The sign-in and sign-up pages and forms, and sign-out. */
export declare function authHandlers(deps: SessionRouteDeps): {
    signInPage: (event: H3Event) => Promise<Response>;
    signIn: (event: H3Event) => Promise<Response>;
    signUpPage: (event: H3Event) => Promise<Response>;
    signUp: (event: H3Event) => Promise<Response>;
    signOut: (event: H3Event) => Promise<Response>;
};
