import { type H3Event } from "h3";
import type { SessionRouteDeps } from "../session/session-deps.ts";
/** The workspaces page: list, switch, create, rename, and the current workspace's members. */
export declare function workspaceHandlers(deps: SessionRouteDeps): {
    page: (event: H3Event) => Promise<Response>;
    create: (event: H3Event) => Promise<Response>;
    switch: (event: H3Event) => Promise<Response>;
    rename: (event: H3Event) => Promise<Response>;
};
