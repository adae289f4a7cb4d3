import { H3 } from "h3";
import type { ToolCore } from "../core/create-tool-core.ts";
import { type Logger } from "../logger.ts";
import type { TrustProxy } from "./trust-proxy.ts";
import { type RouteSpec } from "./session/session-routes.ts";
/** How the reference app serves a core; every option has a default fit for embedding. */
export interface AppOptions {
    /** Request lines at info, bugs at error. Default: a JSON logger at `warn` on stdout. */
    readonly logger?: Logger;
    /** Larger request bodies get 413. Default 1 MiB. */
    readonly maxBodyBytes?: number;
    /** TRUST_PROXY: whose X-Forwarded-For / X-Forwarded-Proto to believe; none when absent. */
    readonly trustProxy?: TrustProxy;
}
/** The reference server for a core: every /api/v1 route of the route list, /docs and the dashboard, on h3. */
export declare function createApp(core: ToolCore, options?: AppOptions): H3;
/** Registers routes that may share a path (GET and POST /workspaces): 405 then names every method of the path. */
export declare function routeAll(app: H3, specs: readonly RouteSpec[]): void;
