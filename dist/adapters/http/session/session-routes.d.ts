import type { H3Event } from "h3";
import type { SessionRouteDeps } from "./session-deps.ts";
/** One route: method, path and handler, registered by createApp's `route()`. */
export type RouteSpec = readonly ["GET" | "POST" | "PATCH" | "DELETE", string, (event: H3Event) => Promise<Response>];
/** The session API of the contract: what the dashboard does, as JSON. */
export declare function sessionApiRoutes(deps: SessionRouteDeps): readonly RouteSpec[];
