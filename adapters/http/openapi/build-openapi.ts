import type { AnyTool, ToolDefinition } from "../../../domain/tool.ts";
import { STATUS } from "../error-response.ts";
import { SESSION_COOKIE } from "../session/session-cookie.ts";
import { securitySchemes, sharedHeaders, sharedSchemas } from "./components.ts";
import { catalogSchemas, corePaths } from "./core-paths.ts";
import { isRecord } from "./json-schema-to-openapi.ts";
import { marketplacePaths } from "./marketplace-paths.ts";
import { errorResponseComponents } from "./responses.ts";
import { sessionPaths, sessionSchemas } from "./session-paths.ts";
import { categoryTags, executePaths, toolSchemas } from "./tool-paths.ts";

/** An OpenAPI 3.0.3 document, as plain JSON data. */
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>>; components: Record<string, Record<string, unknown>> };

export interface OpenApiOptions {
  readonly tools: readonly AnyTool[];
  /** The API version shown in `info.version`. */
  readonly version?: string;
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
      ...categoryTags(options.tools),
    ],
    paths: { ...executePaths(options.tools), ...corePaths(), ...sessionPaths(), ...marketplacePaths() } as OpenApiDocument["paths"],
    components: {
      schemas: { ...sharedSchemas(), ...catalogSchemas(), ...sessionSchemas(), ...toolSchemas(server) },
      responses: errorResponseComponents(),
      headers: sharedHeaders(),
      securitySchemes: securitySchemes(SESSION_COOKIE),
    },
  };
  return pruneComponents(document);
}

function describeApi(): string {
  const rows = Object.entries(STATUS).map(([code, status]) => `| ${status} | \`${code}\` |`);
  return [
    "Runs developer tools (hashing, encoding, JSON, dates, generators …) over HTTP.",
    "",
    "**Authentication.** Send an API key as `X-API-Key: <key>` or `Authorization: Bearer <key>`. The catalog, health and this document are public; the session API uses the dashboard's cookie plus `X-CSRF-Token`.",
    "",
    "**Rate limits.** Every response to an authenticated request carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`; a 429 adds `Retry-After`.",
    "",
    "**Envelopes.** Success: `{\"status\":\"success\",\"code\":200,\"data\":{…}}`. Error: `{\"status\":\"error\",\"code\":<status>,\"error_code\":\"<name>\",\"message\":\"…\"}`; `invalid_input` adds `details`. A known route called with another method answers 405 `method_not_allowed` with `Allow`.",
    "",
    "| status | error_code |",
    "|---|---|",
    ...rows,
  ].join("\n");
}

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
