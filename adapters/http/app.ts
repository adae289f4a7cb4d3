import { H3, type H3Event, type HTTPError } from "h3";
import type { AuthenticateKey } from "../../application/authenticate-key.ts";
import type { ConsumeRateLimit } from "../../application/consume-rate-limit.ts";
import type { CheckPackAccess } from "../../application/check-pack-access.ts";
import type { ExecuteTool } from "../../application/execute-tool.ts";
import type { InstalledPack } from "../../domain/tool-pack.ts";
import type { ApiKeyStore, ToolCatalog } from "../../application/ports.ts";
import type { Logger } from "../logger.ts";
import { type WireError, toErrorResponse } from "./error-response.ts";
import { dashboardRoutes } from "./dashboard/dashboard-routes.ts";
import { docsRoutes } from "./docs/docs-routes.ts";
import { openApiHandler } from "./openapi/openapi-route.ts";
import { withApiKey } from "./protect.ts";
import { beginRequest } from "./request-state.ts";
import { currentKeyHandler } from "./routes/current-key.ts";
import { executeHandler } from "./routes/execute.ts";
import { healthHandler } from "./routes/health.ts";
import { marketplaceRoutes } from "./routes/marketplace.ts";
import { toolRoutes } from "./routes/tools.ts";
import { packRoutes } from "./session/pack-routes.ts";
import type { AccountDeps } from "./session/session-deps.ts";
import { type RouteSpec, sessionApiRoutes } from "./session/session-routes.ts";

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
  /** Every installed pack, core first: the marketplace. */
  readonly packs?: readonly InstalledPack[];
  /** Refuses pack tools the key's workspace has not enabled. */
  readonly checkPackAccess?: CheckPackAccess;
}

/** The reference server: every /api/v1 route of the contract on h3. */
export function createApp(deps: AppDeps): H3 {
  const { logger } = deps;
  const onBug = (error: unknown, event: H3Event) => {
    logger.error({ requestId: event.context.requestId, err: error }, "unhandled error");
    return toErrorResponse({ code: "internal_error", message: "An internal error occurred." });
  };
  const app = new H3({
    silent: true,
    onRequest: beginRequest,
    onResponse: (response, event) => finishRequest(response, event, logger),
    onError: (error, event) => (isOwnHttpError(error) ? toErrorResponse(fromHttpError(error)) : onBug(error.cause ?? error, event)),
  });
  const keyed = (handler: Parameters<typeof withApiKey>[1]) => withApiKey({ ...deps, onBug }, handler);
  const execute = keyed(executeHandler(deps));
  const tools = toolRoutes(deps.catalog);

  route(app, "POST", "/api/v1/execute/:tool", execute);
  route(app, "POST", "/api/v1/tools/:tool/execute", execute);
  route(app, "GET", "/api/v1/tools", tools.list);
  route(app, "GET", "/api/v1/tools/:tool", tools.one);
  route(app, "GET", "/api/v1/keys/current", keyed(currentKeyHandler));
  route(app, "GET", "/api/v1/health", healthHandler(deps));
  if (deps.packs) {
    const market = marketplaceRoutes(deps.packs);
    route(app, "GET", "/api/v1/marketplace/packs", market.list);
    route(app, "GET", "/api/v1/marketplace/packs/:id", market.one);
  }
  route(app, "GET", "/api/v1/openapi.json", openApiHandler(deps.catalog.list()));
  const docs = docsRoutes();
  route(app, "GET", "/docs", docs.page);
  route(app, "GET", "/docs/assets/:file", docs.asset);
  if (deps.accounts) {
    const sessionDeps = { ...deps.accounts, maxBodyBytes: deps.maxBodyBytes, onBug, installedPacks: deps.packs };
    routeAll(app, [...sessionApiRoutes(sessionDeps), ...packRoutes(sessionDeps), ...dashboardRoutes(sessionDeps)]);
  }
  return app;
}

/** Registers routes that may share a path (GET and POST /workspaces): 405 then names every method of the path. */
export function routeAll(app: H3, specs: readonly RouteSpec[]): void {
  const methods = new Map<string, string[]>();
  for (const [method, path, handler] of specs) {
    app.on(method, path, handler);
    if (method === "GET") app.on("HEAD", path, handler);
    methods.set(path, [...(methods.get(path) ?? []), ...(method === "GET" ? ["GET", "HEAD"] : [method])]);
  }
  for (const [path, allowed] of methods) {
    const allow = allowed.join(", ");
    app.all(path, () => toErrorResponse({ code: "method_not_allowed", message: `Use ${allow} for this route.` }, { allow }));
  }
}

/** Registers a route and, for its other methods, 405 with the allowed one named. */
export function route(app: H3, method: "GET" | "POST" | "PATCH" | "DELETE", path: string, handler: (event: H3Event) => unknown): void {
  app.on(method, path, handler);
  if (method === "GET") app.on("HEAD", path, handler);
  app.all(path, () =>
    toErrorResponse({ code: "method_not_allowed", message: `Use ${method} for this route.` }, { allow: method === "GET" ? "GET, HEAD" : method }),
  );
}

/** h3's own errors (no route, malformed URL) keep their status; anything else thrown is a bug. */
function isOwnHttpError(error: HTTPError): boolean {
  return error.cause === undefined || (typeof error.cause === "object" && error.cause !== null && !(error.cause instanceof Error));
}

function fromHttpError(error: HTTPError): WireError {
  if (error.status === 404) return { code: "not_found", message: "No route matches this path." };
  if (error.status === 405) return { code: "method_not_allowed", message: "Method not allowed." };
  return { code: "invalid_request", message: "The request could not be understood." };
}

function finishRequest(response: Response, event: H3Event, logger: Logger): void {
  const requestId = event.context.requestId ?? "";
  response.headers.set("x-request-id", requestId);
  response.headers.set("x-content-type-options", "nosniff");
  const durationMs = Math.round((performance.now() - (event.context.startedAt ?? 0)) * 100) / 100;
  logger.info(
    {
      requestId,
      method: event.req.method,
      path: event.url.pathname,
      route: event.context.matchedRoute?.route ?? null,
      status: response.status,
      durationMs,
      keyId: event.context.keyId ?? null,
      accountId: event.context.accountId ?? null,
      authFailure: event.context.authFailure,
    },
    "request",
  );
}
