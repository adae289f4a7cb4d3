import { type H3Event } from "h3";
import type { SessionRouteDeps } from "./session-deps.ts";
/** The workspace routes of the session API; every one needs a session, and membership of the workspace. */
export declare function workspaceRoutes(deps: SessionRouteDeps): {
    list: (event: H3Event) => Promise<Response>;
    create: (event: H3Event) => Promise<Response>;
    rename: (event: H3Event) => Promise<Response>;
    members: (event: H3Event) => Promise<Response>;
    keys: (event: H3Event) => Promise<Response>;
    revokeKey: (event: H3Event) => Promise<Response>;
};
