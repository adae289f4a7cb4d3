import { ref, successOf } from "./components.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";

// The pieces every session-API path file builds its schemas and operations from.

export const SESSION = [{ SessionCookie: [] }];
export const SESSION_WITH_CSRF = [{ SessionCookie: [], CsrfToken: [] }];
export const id = (description: string) => ({ type: "string", minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$", description });
export const text = (maxLength: number, extra: Record<string, unknown> = {}) => ({ type: "string", maxLength, ...extra });
/** OpenAPI 3.0 forbids an empty `required`, so an all-optional object has none. */
export const object = (required: string[], properties: Record<string, unknown>): OpenApiSchema =>
  required.length > 0 ? { type: "object", required, properties } : { type: "object", properties };
export const body = (schema: unknown) => ({ required: true, content: { "application/json": { schema } } });
export const data = (properties: Record<string, unknown>) => object(Object.keys(properties), properties);
export const answer = (description: string, schema: OpenApiSchema, status = 200, setsCookie = false) => ({
  description,
  headers: {
    "X-Request-Id": ref("headers", "RequestId"),
    ...(setsCookie ? { "Set-Cookie": { description: "The new session cookie (HttpOnly, SameSite).", schema: text(4096) } } : {}),
  },
  content: { "application/json": { schema: successOf(schema, status) } },
});
export const list = (items: unknown, maxItems = 1000) => ({ type: "array", maxItems, items });

export function operation(operationId: string, tag: string, summary: string, description: string, security: unknown[], rest: Record<string, unknown>): Operation {
  return { operationId, tags: [tag], summary, description, security, ...rest };
}
