import type { SessionRouteDeps } from "../session/session-deps.ts";
import type { RouteSpec } from "../session/session-routes.ts";
/** The web dashboard at /dashboard: server-rendered pages and form POSTs answered with 303 redirects. */
export declare function dashboardRoutes(deps: SessionRouteDeps): readonly RouteSpec[];
