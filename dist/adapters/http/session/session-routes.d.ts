import type { H3Event } from "h3";
import type { SessionRouteDeps } from "./session-deps.ts";
/** One route: method, path and handler, registered by createApp's `route()`. */
export type RouteSpec = readonly ["GET" | "POST" | "PATCH" | "DELETE", string, (event: H3Event) => unknown];
/** The session API's handlers, by the operation id of their route in the route list (adapters/http/route-list.ts). */
export declare function sessionApiHandlers(deps: SessionRouteDeps): {
    signUp: (event: H3Event) => Promise<Response>;
    signIn: (event: H3Event) => Promise<Response>;
    signOut: (event: H3Event) => Promise<Response>;
    getSession: (event: H3Event) => Promise<Response>;
    listWorkspaces: (event: H3Event) => Promise<Response>;
    createWorkspace: (event: H3Event) => Promise<Response>;
    renameWorkspace: (event: H3Event) => Promise<Response>;
    listMembers: (event: H3Event) => Promise<Response>;
    listWorkspaceKeys: (event: H3Event) => Promise<Response>;
    revokeWorkspaceKey: (event: H3Event) => Promise<Response>;
};
