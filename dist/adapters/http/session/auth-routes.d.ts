import type { H3Event } from "h3";
import type { SessionRouteDeps } from "./session-deps.ts";
/** POST /auth/sign-up, /auth/sign-in, /auth/sign-out and GET /auth/session. */
export declare function authRoutes(deps: SessionRouteDeps): {
    signUp: (event: H3Event) => Promise<Response>;
    signIn: (event: H3Event) => Promise<Response>;
    signOut: (event: H3Event) => Promise<Response>;
    session: (event: H3Event) => Promise<Response>;
};
