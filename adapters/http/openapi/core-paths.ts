import { headersOf, ref, successOf } from "./components.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
import { errorResponses } from "./responses.ts";

const PUBLIC: readonly unknown[] = [];
const json = (schema: unknown, extra: Record<string, unknown> = {}) => ({ "application/json": { schema, ...extra } });
const ok = (description: string, schema: unknown, metered = false) => ({ description, headers: headersOf({ metered }), content: json(schema) });
const members = (required: string[], properties: Record<string, unknown>): OpenApiSchema => ({
  type: "object",
  required,
  additionalProperties: false,
  properties,
});

/** The operations of the catalog, the calling key, health (readiness and liveness) and this document. */
export function coreOperations(): Operation[] {
  return [...catalogOperations(), ...systemOperations()];
}

function catalogOperations(): Operation[] {
  return [
    {
      operationId: "listTools",
      tags: ["Catalog"],
      summary: "List every tool",
      description: "Every tool of the catalog, server and client-only, with its input schema (null for client-only tools). Public.",
      security: PUBLIC,
      responses: { "200": ok("The catalog.", successOf(members(["tools"], { tools: { type: "array", maxItems: 1000, items: ref("schemas", "ToolSummary") } }))), ...errorResponses([500], { metered: false }) },
    },
    {
      operationId: "getTool",
      tags: ["Catalog"],
      summary: "Describe one tool",
      description: "One tool with its input and output schemas and its examples. Public.",
      security: PUBLIC,
      parameters: [{ name: "slug", in: "path", required: true, description: "The tool id.", example: "hash-text", schema: { type: "string", minLength: 1, maxLength: 64, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" } }],
      responses: { "200": ok("The tool.", successOf(members(["tool"], { tool: ref("schemas", "ToolDetail") }))), ...errorResponses([404, 500], { metered: false }) },
    },
  ];
}

function systemOperations(): Operation[] {
  return [
    {
      operationId: "getCurrentKey",
      tags: ["Keys"],
      summary: "Describe the calling key",
      description: "The key this request authenticated with; never its secret.",
      responses: { "200": ok("The calling key.", successOf(members(["key"], { key: ref("schemas", "CurrentKey") })), true), ...errorResponses([401, 429, 500, 503], { metered: true }) },
    },
    {
      operationId: "listCurrentKeyTools",
      tags: ["Keys"],
      summary: "List the tools the calling key may execute",
      description: "By the rules execute applies: every server tool of the core catalog, and the tools of each pack the key's workspace has enabled (as `<pack>.<tool>`), of those only what the key's scope names by id or category. Client-only tools are left out. Takes one unit of the key's limit.",
      responses: { "200": ok("The tools.", successOf(members(["tools"], { tools: { type: "array", maxItems: 10000, items: ref("schemas", "CallableTool") } })), true), ...errorResponses([401, 429, 500, 503], { metered: true }) },
    },
    {
      operationId: "getHealth",
      tags: ["System"],
      summary: "Check health",
      description: "200 when storage answers within 2 s, 503 `service_unavailable` when it does not. Public.",
      security: PUBLIC,
      responses: { "200": ok("Storage answers.", successOf(ref("schemas", "Health"))), ...errorResponses([500, 503], { metered: false }) },
    },
    {
      operationId: "getLiveness",
      tags: ["System"],
      summary: "Check liveness",
      description: "200 while the process serves requests, whatever storage does: it never asks storage, so a liveness probe on it restarts only a process that stopped answering (readiness belongs on `GET /health`). Public.",
      security: PUBLIC,
      responses: { "200": ok("The process answers.", successOf(members(["status"], { status: { type: "string", enum: ["ok"] } }))), ...errorResponses([500], { metered: false }) },
    },
    {
      operationId: "getOpenApiDocument",
      tags: ["System"],
      summary: "This document",
      description: "The OpenAPI 3.0.3 document of every route, generated at start from the routes and the tool catalog. Public.",
      security: PUBLIC,
      responses: { "200": ok("The OpenAPI document.", { type: "object", description: "An OpenAPI 3.0.3 document." }), ...errorResponses([500], { metered: false }) },
    },
  ];
}

/** How the catalog describes a tool. */
export function catalogSchemas(): Record<string, OpenApiSchema> {
  const text = (maxLength: number) => ({ type: "string", maxLength });
  const summary = {
    id: { type: "string", maxLength: 64, pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" },
    name: text(128),
    category: text(64),
    description: text(1024),
    clientOnly: { type: "boolean", description: "Runs only in a browser: listed, but execute answers 400 `client_only_tool`." },
    inputSchema: { type: "object", nullable: true, description: "The JSON Schema (draft-07) of `input`; null for client-only tools." },
  };
  return {
    CallableTool: members(["id", "name", "category", "description", "inputSchema"], {
      name: summary.name,
      category: summary.category,
      description: summary.description,
      id: { type: "string", maxLength: 129, pattern: "^([a-z0-9]+(-[a-z0-9]+)*\\.)?[a-z0-9]+(-[a-z0-9]+)*$", description: "The id execute takes: a core tool's, or `<pack>.<tool>`." },
      inputSchema: { type: "object", description: "The JSON Schema (draft-07) of `input`." },
    }),
    ToolSummary: members(["id", "name", "category", "description", "clientOnly", "inputSchema"], summary),
    ToolDetail: members(["id", "name", "category", "description", "clientOnly", "inputSchema", "outputSchema", "examples"], {
      ...summary,
      outputSchema: { type: "object", nullable: true, description: "The JSON Schema (draft-07) of `output`; null for client-only tools." },
      examples: { type: "array", maxItems: 100, items: ref("schemas", "ToolExample") },
    }),
    ToolExample: members(["title", "input", "output"], {
      title: text(256),
      input: { type: "object" },
      output: { type: "object", nullable: true, description: "Null when the output is random: only its shape is defined." },
    }),
  };
}
