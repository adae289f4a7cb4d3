import type { Operation } from "./operation.ts";
import { headersOf, successOf } from "./components.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import { errorResponses } from "./responses.ts";

/** The marketplace (public) and the workspace pack routes of the session API, as shared/contract.md defines them. */

const SESSION = [{ SessionCookie: [] }];
const SESSION_WITH_CSRF = [{ SessionCookie: [], CsrfToken: [] }];
const text = (maxLength: number) => ({ type: "string", maxLength });
const object = (properties: Record<string, unknown>): OpenApiSchema => ({ type: "object", required: Object.keys(properties), properties });
const ok = (description: string, data: OpenApiSchema) => ({ description, headers: headersOf({ metered: false }), content: { "application/json": { schema: successOf(data) } } });
const packIdSchema = { type: "string", minLength: 1, maxLength: 32, pattern: "^[a-z][a-z0-9-]*$" };
const idParam = (name: string, description: string, schema: unknown) => ({ name, in: "path", required: true, description, schema });
const toolIds = { type: "array", maxItems: 1000, items: text(128) };
const anyJson = { type: "object", additionalProperties: true };

const packSummary = object({
  id: packIdSchema, name: text(128), version: text(64), description: text(1024),
  builtIn: { type: "boolean", description: "True only for `core`, the built-in catalog." }, tools: toolIds,
});
const packTool = object({
  id: text(128), name: text(128), description: text(1024), inputSchema: anyJson, outputSchema: anyJson,
  examples: { type: "array", maxItems: 100, items: { type: "object", required: ["title", "input", "output"], properties: { title: text(256), input: anyJson, output: { ...anyJson, nullable: true } } } },
});
const packDetail: OpenApiSchema = { ...packSummary, properties: { ...(packSummary.properties as object), tools: { type: "array", maxItems: 1000, items: packTool } } };
const enabled = object({ packs: { type: "array", maxItems: 1000, items: packIdSchema, description: "Enabled pack ids, `core` first." } });

export function marketplaceOperations(): Operation[] {
  const workspace = idParam("id", "The workspace id.", { type: "string", minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" });
  const pack = idParam("packId", "The pack id.", packIdSchema);
  const change = (operationId: string, summary: string, description: string, codes: number[]) => ({
    operationId, tags: ["Marketplace"], summary, description, security: SESSION_WITH_CSRF, parameters: [workspace, pack],
    responses: { "200": ok("The enabled packs after the change.", enabled), ...errorResponses(codes, { metered: false }) },
  });
  return [
    {
      operationId: "listPacks", tags: ["Marketplace"], summary: "List installed tool packs", security: [],
      description: "Every tool pack this deployment installs (TOOL_PACKS), the built-in catalog first as `core`. Public.",
      responses: { "200": ok("The packs.", object({ packs: { type: "array", maxItems: 1000, items: packSummary } })), ...errorResponses([500], { metered: false }) },
    },
    {
      operationId: "getPack", tags: ["Marketplace"], summary: "Describe one tool pack", security: [],
      description: "One pack with its tools' schemas and examples. Public.", parameters: [idParam("id", "The pack id.", packIdSchema)],
      responses: { "200": ok("The pack.", object({ pack: packDetail })), ...errorResponses([404, 500], { metered: false }) },
    },
    {
      operationId: "listWorkspacePacks", tags: ["Marketplace"], summary: "List a workspace's enabled packs", security: SESSION, parameters: [workspace],
      description: "Ids of the packs the workspace has enabled; `core` always.",
      responses: { "200": ok("The enabled packs.", enabled), ...errorResponses([401, 403, 404, 500, 503], { metered: false }) },
    },
    change("enableWorkspacePack", "Enable a pack", "Enables an installed pack for every key of the workspace. Unknown pack: 404.", [400, 401, 403, 404, 413, 415, 500, 503]),
    change("disableWorkspacePack", "Disable a pack", "At once for every key of the workspace (403 `pack_not_enabled` from the next call). `core`: 422.", [400, 401, 403, 404, 413, 415, 422, 500, 503]),
  ];
}
