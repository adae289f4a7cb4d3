import { H3, type H3Event } from "h3";
import type { AuthenticateKey } from "../../application/authenticate-key.ts";
import type { ConsumeRateLimit } from "../../application/consume-rate-limit.ts";
import type { ExecuteTool } from "../../application/execute-tool.ts";
import type { ApiKeyStore, ToolCatalog } from "../../application/ports.ts";
import type { Logger } from "../logger.ts";
import type { TrustProxy } from "./trust-proxy.ts";
import type { AccountDeps } from "./session/session-deps.ts";
import { type RouteSpec } from "./session/session-routes.ts";
/** What the HTTP adapter needs: use cases and read-only ports, never the container. */
export interface AppDeps {
    readonly authenticateKey: AuthenticateKey;
    readonly consumeRateLimit: ConsumeRateLimit;
    readonly executeTool: ExecuteTool;
    readonly catalog: ToolCatalog;
    readonly keys: Pick<ApiKeyStore, "ping">;
    readonly logger: Logger;
    readonly maxBodyBytes: number;
    /** Accounts, sessions and workspaces: the session API and /dashboard are served only when given. */
    readonly accounts?: AccountDeps;
    /** TRUST_PROXY: whose X-Forwarded-For / X-Forwarded-Proto to believe; none when absent. */
    readonly trustProxy?: TrustProxy;
}
/** The reference server: every /api/v1 route of the contract on h3. */
export declare function createApp(deps: AppDeps): H3;
/** Registers routes that may share a path (GET and POST /workspaces): 405 then names every method of the path. */
export declare function routeAll(app: H3, specs: readonly RouteSpec[]): void;
/** Registers a route and, for its other methods, 405 with the allowed one named. */
export declare function route(app: H3, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, handler: (event: H3Event) => unknown): void;
