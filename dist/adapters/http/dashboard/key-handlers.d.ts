import { type H3Event } from "h3";
import type { SessionRouteDeps } from "../session/session-deps.ts";
/** The keys page, key creation (Post/Redirect/Get with a one-time flash), and revocation with a confirmation step. */
export declare function keyHandlers(deps: SessionRouteDeps): {
    list: (event: H3Event) => Promise<Response>;
    create: (event: H3Event) => Promise<Response>;
    created: (event: H3Event) => Promise<Response>;
    confirmRevoke: (event: H3Event) => Promise<Response>;
    revoke: (event: H3Event) => Promise<Response>;
};
