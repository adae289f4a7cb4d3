import type { AnyTool, ToolDefinition } from "../../../domain/tool.ts";
import { ERROR_CODES, ERRORS } from "../../../domain/error-table.ts";
import { SESSION_COOKIE } from "../session/session-cookie.ts";
import { securitySchemes, sharedHeaders, sharedSchemas } from "./components.ts";
import { isRootRoute, ROUTES, toOpenApiPath } from "../route-list.ts";
import { catalogSchemas, coreOperations } from "./core-paths.ts";
import { isRecord } from "./json-schema-to-openapi.ts";
import { marketplaceOperations } from "./marketplace-paths.ts";
import { errorResponseComponents } from "./responses.ts";
import { sessionOperations, sessionSchemas } from "./session-paths.ts";
import { memberOperations, memberSchemas } from "./member-paths.ts";
import { categoryTags, concreteExecutePaths, executeOperations, toolSchemas } from "./tool-paths.ts";
import { usageOperations, usageSchemas } from "./usage-paths.ts";
import { webhookOperations, webhookSchemas } from "./webhook-paths.ts";
import { passkeyOperations, passkeySchemas } from "./passkey-paths.ts";
import { totpOperations, totpSchemas } from "./totp-paths.ts";
import { accountOperations, accountSchemas } from "./account-paths.ts";
import { resetOperations, resetSchemas } from "./reset-paths.ts";
import { oauthOperations, oauthSchemas } from "./oauth-paths.ts";

/** An OpenAPI 3.0.3 document, as plain JSON data. */
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>>; components: Record<string, Record<string, unknown>> };

export interface OpenApiOptions {
  readonly tools: readonly AnyTool[];
  /** The API version shown in `info.version`. */
  readonly version?: string;
  /** This deployment's MAX_BODY_BYTES, published as `info.x-max-body-bytes` so clients and the conformance suite know the 413 limit. */
  readonly maxBodyBytes?: number;
}

/** Builds the OpenAPI document of every /api/v1 route from the routes and the tool catalog. */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const server = options.tools.filter((tool): tool is ToolDefinition => !tool.clientOnly);
  const document: OpenApiDocument = {
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
      { name: "Marketplace", description: "Installed tool packs, and which ones a workspace has enabled." },
      { name: "Usage", description: "Calls per key and tool by outcome, with latency percentiles, per minute, hour or day." },
      { name: "Webhooks", description: "A workspace's webhook endpoints (Standard Webhooks) and their deliveries." },
      { name: "OAuth", description: "The authorization server MCP clients sign in with (at the origin's root, not under /api/v1)." },
      ...categoryTags(options.tools),
    ],
    paths: { ...routePaths(options.tools), ...concreteExecutePaths(options.tools) } as OpenApiDocument["paths"],
    components: {
      schemas: { ...sharedSchemas(), ...catalogSchemas(), ...sessionSchemas(), ...memberSchemas(), ...usageSchemas(), ...webhookSchemas(), ...passkeySchemas(), ...totpSchemas(), ...resetSchemas(), ...accountSchemas(), ...oauthSchemas(), ...toolSchemas(server) },
      responses: errorResponseComponents(),
      headers: sharedHeaders(),
      securitySchemes: securitySchemes(SESSION_COOKIE),
    },
  };
  return pruneComponents(document);
}

function describeApi(): string {
  const rows = ERROR_CODES.map((code) => `| ${ERRORS[code].status} | \`${code}\` | ${ERRORS[code].doc} |`);
  return [
    "Runs developer tools (hashing, encoding, JSON, dates, generators …) over HTTP.",
    "",
    "**Authentication.** Send an API key as `X-API-Key: <key>` or `Authorization: Bearer <key>`. The catalog, health and this document are public; the session API uses the dashboard's cookie plus `X-CSRF-Token`.",
    "",
    "**Rate limits.** Every response to an authenticated request carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`; a 429 adds `Retry-After`.",
    "",
    "**AI agents (MCP).** The same tools, keys, scopes and limits over the Model Context Protocol: `POST /mcp` at this deployment's origin (Streamable HTTP, stateless; not under /api/v1), with the key in the same headers, or an OAuth access token (tag OAuth: clients that discover `/.well-known/oauth-protected-resource/mcp` sign the person in and get a key of the workspace they choose). Each `tools/call` takes one unit of the key's limit; `initialize`, `tools/list` and `ping` take none. Local agents can run `tool-api mcp` (stdio).",
    "",
    "**Envelopes.** Success: `{\"status\":\"success\",\"code\":200,\"data\":{…}}`. Error: `{\"status\":\"error\",\"code\":<status>,\"error_code\":\"<name>\",\"message\":\"…\"}`; `invalid_input` adds `details`. A known route called with another method answers 405 `method_not_allowed` with `Allow`.",
    "",
    "| status | error_code | when |",
    "|---|---|---|",
    ...rows,
  ].join("\n");
}

/** Every declared route at its path, with the operation of the same id. */
function routePaths(tools: Parameters<typeof executeOperations>[0]): Record<string, Record<string, unknown>> {
  const operations = new Map([...executeOperations(tools), ...coreOperations(), ...sessionOperations(), ...memberOperations(), ...marketplaceOperations(), ...usageOperations(), ...webhookOperations(), ...passkeyOperations(), ...totpOperations(), ...resetOperations(), ...accountOperations(), ...oauthOperations()].map((op) => [op.operationId, op]));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const operation = operations.get(route.operationId);
    if (!operation) throw new Error(`route ${route.method} ${route.path} has no OpenAPI operation ${route.operationId}`);
    const item = (paths[toOpenApiPath(route.path)] ??= isRootRoute(route.path) ? { servers: [ROOT_SERVER] } : {});
    item[route.method.toLowerCase()] = operation;
  }
  return paths;
}

/** OAuth's routes live at the origin's root (RFC 8414, RFC 9728), so their path items name it instead of /api/v1. */
const ROOT_SERVER = { url: "/", description: "This deployment's origin (local, staging or production: the environment its APP_ENV names).", "x-internal": false };

/** Drops components nothing refers to, so the document carries no dead definitions. */
export function pruneComponents(document: OpenApiDocument): OpenApiDocument {
  const reachable = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isRecord(node)) return;
    const target = node.$ref;
    if (typeof target === "string" && !reachable.has(target)) {
      reachable.add(target);
      const [, , kind, name] = target.split("/");
      visit(document.components[kind]?.[name]);
    }
    for (const [key, value] of Object.entries(node)) if (key !== "$ref") visit(value);
  };
  visit(document.paths);
  for (const kind of ["schemas", "responses", "headers", "parameters"]) {
    const section = document.components[kind];
    if (!section) continue;
    for (const name of Object.keys(section)) if (!reachable.has(`#/components/${kind}/${name}`)) delete section[name];
  }
  return document;
}
