import { H3 } from "h3";
import { createLogger } from "../logger.js";
import { toErrorResponse } from "./error-response.js";
import { dashboardRoutes } from "./dashboard/dashboard-routes.js";
import { docsRoutes } from "./docs/docs-routes.js";
import { openApiHandler } from "./openapi/openapi-route.js";
import { withApiKey } from "./protect.js";
import { beginRequest } from "./request-state.js";
import { ROUTES } from "./route-list.js";
import { currentKeyHandler } from "./routes/current-key.js";
import { executeHandler } from "./routes/execute.js";
import { healthHandler } from "./routes/health.js";
import { toolRoutes } from "./routes/tools.js";
import { sessionApiHandlers } from "./session/session-routes.js";
/** The reference server for a core: every /api/v1 route of the route list, /docs and the dashboard, on h3. */
export function createApp(core, options = {}) {
    const logger = options.logger ?? createLogger("warn");
    const maxBodyBytes = options.maxBodyBytes ?? 1_048_576;
    const { services } = core;
    const onBug = (error, event) => {
        logger.error({ requestId: event.context.requestId, err: error }, "unhandled error");
        return toErrorResponse({ code: "internal_error", message: "An internal error occurred." });
    };
    const app = new H3({
        silent: true,
        onRequest: (event) => beginRequest(event, options.trustProxy),
        onResponse: (response, event) => finishRequest(response, event, logger),
        onError: (error, event) => (isOwnHttpError(error) ? toErrorResponse(fromHttpError(error)) : onBug(error.cause ?? error, event)),
    });
    const keyed = (handler) => withApiKey({ toolCall: services.toolCall, onBug }, handler);
    const execute = keyed(executeHandler({ toolCall: services.toolCall, maxBodyBytes }));
    const tools = toolRoutes(services.catalog);
    const sessionDeps = { ...services.accounts(), maxBodyBytes, onBug };
    const handlers = {
        executeTool: execute,
        executeToolBySlug: execute,
        listTools: tools.list,
        getTool: tools.one,
        getCurrentKey: keyed(currentKeyHandler),
        getHealth: healthHandler(services.storage),
        getOpenApiDocument: openApiHandler(services.catalog.list(), { maxBodyBytes }),
        ...sessionApiHandlers(sessionDeps),
    };
    const docs = docsRoutes();
    routeAll(app, [
        ...ROUTES.map((route) => [route.method, route.path, handlers[route.operationId]]),
        ["GET", "/docs", docs.page],
        ["GET", "/docs/assets/:file", docs.asset],
        ...dashboardRoutes(sessionDeps),
    ]);
    return app;
}
/** Registers routes that may share a path (GET and POST /workspaces): 405 then names every method of the path. */
export function routeAll(app, specs) {
    const methods = new Map();
    for (const [method, path, handler] of specs) {
        app.on(method, path, handler);
        if (method === "GET")
            app.on("HEAD", path, handler);
        methods.set(path, [...(methods.get(path) ?? []), ...(method === "GET" ? ["GET", "HEAD"] : [method])]);
    }
    for (const [path, allowed] of methods) {
        const allow = allowed.join(", ");
        app.all(path, () => toErrorResponse({ code: "method_not_allowed", message: `Use ${allow} for this route.` }, { allow }));
    }
}
/** h3's own errors (no route, malformed URL) keep their status; anything else thrown is a bug. */
function isOwnHttpError(error) {
    return error.cause === undefined || (typeof error.cause === "object" && error.cause !== null && !(error.cause instanceof Error));
}
function fromHttpError(error) {
    if (error.status === 404)
        return { code: "not_found", message: "No route matches this path." };
    if (error.status === 405)
        return { code: "method_not_allowed", message: "Method not allowed." };
    return { code: "invalid_request", message: "The request could not be understood." };
}
function finishRequest(response, event, logger) {
    const requestId = event.context.requestId ?? "";
    response.headers.set("x-request-id", requestId);
    response.headers.set("x-content-type-options", "nosniff");
    const durationMs = Math.round((performance.now() - (event.context.startedAt ?? 0)) * 100) / 100;
    logger.info({
        requestId,
        method: event.req.method,
        path: event.url.pathname,
        route: event.context.matchedRoute?.route ?? null,
        status: response.status,
        durationMs,
        keyId: event.context.keyId ?? null,
        accountId: event.context.accountId ?? null,
        authFailure: event.context.authFailure,
    }, "request");
}
