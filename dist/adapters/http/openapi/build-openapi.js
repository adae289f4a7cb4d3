import { ERROR_CODES, ERRORS } from "../../../domain/error-table.js";
import { SESSION_COOKIE } from "../session/session-cookie.js";
import { securitySchemes, sharedHeaders, sharedSchemas } from "./components.js";
import { ROUTES, toOpenApiPath } from "../route-list.js";
import { catalogSchemas, coreOperations } from "./core-paths.js";
import { isRecord } from "./json-schema-to-openapi.js";
import { errorResponseComponents } from "./responses.js";
import { sessionOperations, sessionSchemas } from "./session-paths.js";
import { categoryTags, concreteExecutePaths, executeOperations, toolSchemas } from "./tool-paths.js";
/** Builds the OpenAPI document of every /api/v1 route from the routes and the tool catalog. */
export function buildOpenApiDocument(options) {
    const server = options.tools.filter((tool) => !tool.clientOnly);
    const document = {
        openapi: "3.0.3",
        info: {
            title: "Tool execution API",
            version: options.version ?? "1.0.0",
            description: describeApi(),
            contact: { name: "The maintainers of this deployment" },
            ...(options.maxBodyBytes ? { "x-max-body-bytes": options.maxBodyBytes } : {}),
        },
        servers: [{ url: "/api/v1", description: "This deployment (local, staging or production: the environment its APP_ENV names).", "x-internal": false }],
        security: [{ ApiKeyHeader: [] }, { BearerAuth: [] }],
        tags: [
            { name: "Execute", description: "Run a tool by id." },
            { name: "Catalog", description: "The tools, their schemas and examples." },
            { name: "Keys", description: "The calling API key." },
            { name: "System", description: "Health and this document." },
            { name: "Auth", description: "Dashboard accounts and sessions (cookie + `X-CSRF-Token`)." },
            { name: "Workspaces", description: "Workspaces, members and their keys, for a signed-in account." },
            ...categoryTags(options.tools),
        ],
        paths: { ...routePaths(options.tools), ...concreteExecutePaths(options.tools) },
        components: {
            schemas: { ...sharedSchemas(), ...catalogSchemas(), ...sessionSchemas(), ...toolSchemas(server) },
            responses: errorResponseComponents(),
            headers: sharedHeaders(),
            securitySchemes: securitySchemes(SESSION_COOKIE),
        },
    };
    return pruneComponents(document);
}
function describeApi() {
    const rows = ERROR_CODES.map((code) => `| ${ERRORS[code].status} | \`${code}\` | ${ERRORS[code].doc} |`);
    return [
        "Runs developer tools (hashing, encoding, JSON, dates, generators …) over HTTP.",
        "",
        "**Authentication.** Send an API key as `X-API-Key: <key>` or `Authorization: Bearer <key>`. The catalog, health and this document are public; the session API uses the dashboard's cookie plus `X-CSRF-Token`.",
        "",
        "**Rate limits.** Every response to an authenticated request carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`; a 429 adds `Retry-After`.",
        "",
        "**Envelopes.** Success: `{\"status\":\"success\",\"code\":200,\"data\":{…}}`. Error: `{\"status\":\"error\",\"code\":<status>,\"error_code\":\"<name>\",\"message\":\"…\"}`; `invalid_input` adds `details`. A known route called with another method answers 405 `method_not_allowed` with `Allow`.",
        "",
        "| status | error_code | when |",
        "|---|---|---|",
        ...rows,
    ].join("\n");
}
/** Every declared route at its path, with the operation of the same id. */
function routePaths(tools) {
    const operations = new Map([...executeOperations(tools), ...coreOperations(), ...sessionOperations()].map((op) => [op.operationId, op]));
    const paths = {};
    for (const route of ROUTES) {
        const operation = operations.get(route.operationId);
        if (!operation)
            throw new Error(`route ${route.method} ${route.path} has no OpenAPI operation ${route.operationId}`);
        (paths[toOpenApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation;
    }
    return paths;
}
/** Drops components nothing refers to, so the document carries no dead definitions. */
export function pruneComponents(document) {
    const reachable = new Set();
    const visit = (node) => {
        if (Array.isArray(node))
            return node.forEach(visit);
        if (!isRecord(node))
            return;
        const target = node.$ref;
        if (typeof target === "string" && !reachable.has(target)) {
            reachable.add(target);
            const [, , kind, name] = target.split("/");
            visit(document.components[kind]?.[name]);
        }
        for (const [key, value] of Object.entries(node))
            if (key !== "$ref")
                visit(value);
    };
    visit(document.paths);
    for (const kind of ["schemas", "responses", "headers", "parameters"]) {
        const section = document.components[kind];
        if (!section)
            continue;
        for (const name of Object.keys(section))
            if (!reachable.has(`#/components/${kind}/${name}`))
                delete section[name];
    }
    return document;
}
