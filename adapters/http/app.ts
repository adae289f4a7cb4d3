import { H3, type H3Event, type HTTPError } from "h3";
import type { ToolCore } from "../core/create-tool-core.ts";
import { createLogger, type Logger } from "../logger.ts";
import { createMcpHandler } from "../mcp/mcp-handler.ts";
import { observeMcpCalls, observeRequests } from "../metrics/http-metrics.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { type WireError, toErrorResponse } from "./error-response.ts";
import { dashboardRoutes } from "./dashboard/dashboard-routes.ts";
import { docsRoutes } from "./docs/docs-routes.ts";
import { oauthRoutes } from "./oauth/oauth-routes.ts";
import { openApiHandler } from "./openapi/openapi-route.ts";
import { type LeanHandler, leanExecute } from "./lean-execute.ts";
import { withApiKey } from "./protect.ts";
import { DEFAULT_MAX_BODY_BYTES } from "./request-body.ts";
import { requestLines as requestLinesOf, traceFetchRequests, traceNodeRequest } from "./request-log.ts";
import { beginRequest } from "./request-state.ts";
import { type OperationId, ROUTES } from "./route-list.ts";
import type { TrustProxy } from "./trust-proxy.ts";
import { currentKeyHandler } from "./routes/current-key.ts";
import { currentKeyToolsHandler } from "./routes/current-key-tools.ts";
import { executeHandler, observedExecute, observeMcpToolCalls } from "./routes/execute.ts";
import { healthHandler, liveHandler } from "./routes/health.ts";
import { homeHandler } from "./routes/home.ts";
import { marketplaceRoutes } from "./routes/marketplace.ts";
import { metricsHandler } from "./routes/metrics.ts";
import { toolRoutes } from "./routes/tools.ts";
import { keyUsageHandler, workspaceUsageHandler } from "./routes/usage.ts";
import { packHandlers } from "./session/pack-routes.ts";
import { webhookHandlers } from "./session/webhook-routes.ts";
import { type RouteSpec, sessionApiHandlers } from "./session/session-routes.ts";

/** How the reference app serves a core; every option has a default fit for embedding. */
export interface AppOptions {
  /** Request lines at info, bugs at error. Default: a JSON logger at `warn` on stdout. */
  readonly logger?: Logger;
  /** Larger request bodies get 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** TRUST_PROXY: whose X-Forwarded-For / X-Forwarded-Proto to believe; none when absent. */
  readonly trustProxy?: TrustProxy;
  /** MCP_ALLOWED_ORIGINS: origins allowed in an `Origin` header on /mcp; default none. */
  readonly mcpAllowedOrigins?: readonly string[];
  /** METRICS_TOKEN: GET /metrics serves these metrics (createMetrics) for this bearer token. Absent: no /metrics, nothing kept. */
  readonly metrics?: { readonly token: string; readonly metrics: Metrics };
  /**
   * PUBLIC_URL: the origin of every link the app shows (acceptUrl); a function when it is known only once the server
   * listens (PORT=0). Absent (createApp(core) as a library): each request's own origin, as the embedder serves it.
   */
  readonly publicUrl?: string | (() => string);
}

type Handler = RouteSpec[2];
type OAuthOperationId = keyof ReturnType<typeof oauthRoutes>["handlers"];

/**
 * The reference server for a core: every route of the route list (/api/v1, and OAuth's when the core has an
 * authorization server), /mcp, / (the way in), /docs and the dashboard, on h3.
 */
export function createApp(core: ToolCore, options: AppOptions = {}): H3 {
  return buildApp(core, options).app;
}

/** createApp's app, and the same execute route on node:http's own request and response (lean-execute.ts, createNodeServer). */
export function buildApp(core: ToolCore, options: AppOptions = {}): { app: H3; leanExecute: LeanHandler } {
  const logger = options.logger ?? createLogger("warn");
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const requestLines = requestLinesOf(logger);
  const { services } = core;
  const metrics = options.metrics?.metrics;
  const observe = metrics && observeRequests(metrics);
  const onBug = (error: unknown, event: H3Event) => {
    logger.error({ requestId: event.context.requestId, err: error }, "unhandled error");
    return toErrorResponse({ code: "internal_error", message: "An internal error occurred." });
  };
  const app = new H3({
    silent: true,
    onRequest: (event) => {
      beginRequest(event, options.trustProxy);
      traceNodeRequest(event, requestLines, observe);
    },
    onError: (error, event) => (isOwnHttpError(error) ? toErrorResponse(fromHttpError(error)) : onBug(error.cause ?? error, event)),
  });
  traceFetchRequests(app, requestLines, observe);
  const keyed = (handler: Parameters<typeof withApiKey>[1]) => withApiKey({ toolCall: services.toolCall, onBug }, handler);
  const execute = observedExecute(keyed(executeHandler({ toolCall: services.toolCall, maxBodyBytes })), services.observer);
  const tools = toolRoutes(services.catalog);
  const sessionDeps = { ...services.accounts(), maxBodyBytes, onBug, installedPacks: services.packs, publicUrl: options.publicUrl, clock: services.clock };
  const market = marketplaceRoutes(services.packs);
  const { oauth: oauthServer } = sessionDeps;
  const oauth = oauthServer && oauthRoutes({ ...sessionDeps, oauth: oauthServer });
  const handlers: Record<Exclude<OperationId, OAuthOperationId>, Handler> = {
    executeTool: execute,
    executeToolBySlug: execute,
    listTools: tools.list,
    getTool: tools.one,
    getCurrentKey: keyed(currentKeyHandler),
    listCurrentKeyTools: keyed(currentKeyToolsHandler(services.callableTools)),
    getUsage: keyed(keyUsageHandler(services)),
    getWorkspaceUsage: workspaceUsageHandler(sessionDeps),
    getHealth: healthHandler(services.storage),
    getLiveness: liveHandler(),
    getOpenApiDocument: openApiHandler(services.catalog.list(), { maxBodyBytes }),
    listPacks: market.list,
    getPack: market.one,
    ...sessionApiHandlers(sessionDeps),
    ...packHandlers(sessionDeps),
    ...webhookHandlers(sessionDeps),
  };
  const served: Partial<Record<OperationId, Handler>> = { ...handlers, ...oauth?.handlers };
  const docs = docsRoutes();
  const mcp = createMcpHandler(core, {
    allowedOrigins: options.mcpAllowedOrigins, maxBodyBytes, onBug: (error) => logger.error({ err: error }, "unhandled error"),
    onToolCall: observeMcpToolCalls(services.observer, metrics && observeMcpCalls(metrics)),
    oauth: oauthServer && { publicUrl: (request) => publicOrigin(options, request), authenticate: (token, resource) => oauthServer.authenticate(token, resource) },
  });
  for (const [path, handler] of oauth?.preflights ?? []) app.on("OPTIONS", path, handler);
  routeAll(app, [
    // The OAuth routes only with an authorization server (AccountDeps.oauth); every other route always.
    ...ROUTES.flatMap((route): RouteSpec[] => (served[route.operationId] ? [[route.method, route.path, served[route.operationId] as Handler]] : [])),
    ["GET", "/", homeHandler()],
    ["GET", "/docs", docs.page],
    ["GET", "/docs/assets/:file", docs.asset],
    ["POST", "/mcp", (event) => mcp(event.req)],
    ...(metrics && options.metrics ? [["GET", "/metrics", metricsHandler({ registry: metrics.registry, token: options.metrics.token })] satisfies RouteSpec] : []),
    ...dashboardRoutes(sessionDeps),
    ...(oauth?.routes ?? []),
  ]);
  const lean = leanExecute({ toolCall: services.toolCall, observer: services.observer, maxBodyBytes, requestLines, logger, observe, trustProxy: options.trustProxy });
  return { app, leanExecute: lean };
}

/** PUBLIC_URL as the session routes read it (linkOrigin), for /mcp, which sees a plain Request. */
function publicOrigin(options: AppOptions, request: Request): string {
  const { publicUrl } = options;
  if (publicUrl === undefined) return new URL(request.url).origin;
  return typeof publicUrl === "function" ? publicUrl() : publicUrl;
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

/** h3's own errors (no route, malformed URL) keep their status; anything else thrown is a bug. */
function isOwnHttpError(error: HTTPError): boolean {
  return error.cause === undefined || (typeof error.cause === "object" && error.cause !== null && !(error.cause instanceof Error));
}

function fromHttpError(error: HTTPError): WireError {
  if (error.status === 404) return { code: "not_found", message: "No route matches this path." };
  if (error.status === 405) return { code: "method_not_allowed", message: "Method not allowed." };
  return { code: "invalid_request", message: "The request could not be understood." };
}
