import { ENVIRONMENTS } from "../../../domain/api-key.ts";
import { MAX_LIMIT, MAX_WINDOW_SECONDS } from "../../../domain/rate-limit.ts";
import { ERROR_CODES, ERRORS, type WireCode } from "../../../domain/error-table.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";

/** A `$ref` into the document's components. */
export const ref = (kind: "schemas" | "responses" | "headers" | "parameters", name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Every error_code of one HTTP status, read from the one ERRORS table. */
export function codesFor(status: number): WireCode[] {
  return ERROR_CODES.filter((code) => ERRORS[code].status === status);
}

const integer = (minimum: number, maximum: number, description?: string): OpenApiSchema => ({
  type: "integer",
  format: maximum < 2 ** 31 ? "int32" : "int64",
  minimum,
  maximum,
  ...(description ? { description } : {}),
});

/** A success envelope whose `data` is described by `data`: the shared `Success` plus the member's own schema. */
export function successOf(data: OpenApiSchema, status = 200): OpenApiSchema {
  return { allOf: [ref("schemas", "Success"), { properties: { code: { type: "integer", format: "int32", enum: [status] }, data } }] };
}

/** The envelopes every route answers with, and the values they carry. */
export function sharedSchemas(): Record<string, OpenApiSchema> {
  return { ...envelopeSchemas(), ...errorSchemasByStatus(), ...keySchemas() };
}

/** One error envelope per status, its error_code enum read from the ERRORS table. */
function errorSchemasByStatus(): Record<string, OpenApiSchema> {
  const statuses = [...new Set(ERROR_CODES.map((code) => ERRORS[code].status))].sort((a, b) => a - b);
  return Object.fromEntries(
    statuses.map((status) => [
      `Error${status}`,
      {
        description: `The error envelope of a ${status} answer.`,
        allOf: [ref("schemas", "Error"), { properties: { code: { type: "integer", format: "int32", enum: [status] }, error_code: { type: "string", enum: codesFor(status) } } }],
      },
    ]),
  );
}

function envelopeSchemas(): Record<string, OpenApiSchema> {
  return {
    Success: {
      type: "object",
      description: "The success envelope: `code` repeats the HTTP status; the request id travels in `X-Request-Id`.",
      required: ["status", "code", "data"],
      additionalProperties: false,
      properties: {
        status: { type: "string", enum: ["success"] },
        code: { type: "integer", format: "int32", enum: [200, 201, 202] },
        data: { type: "object" },
      },
    },
    Error: {
      type: "object",
      description: "The error envelope of every failure; `details` only for `invalid_input`.",
      required: ["status", "code", "error_code", "message"],
      additionalProperties: false,
      properties: {
        status: { type: "string", enum: ["error"] },
        code: integer(400, 599, "The HTTP status."),
        error_code: ref("schemas", "ErrorCode"),
        message: { type: "string", maxLength: 2048, description: "Human-readable; never a stack trace." },
        details: { type: "array", maxItems: 1000, items: ref("schemas", "InputIssue") },
      },
    },
    ErrorCode: {
      type: "string",
      description: "Stable machine-readable cause; see the table in the API description.",
      enum: ERROR_CODES,
    },
    InputIssue: {
      type: "object",
      required: ["path", "message"],
      additionalProperties: false,
      properties: {
        path: { type: "string", maxLength: 2048, description: "JSON Pointer into the request body, e.g. `/input/text`." },
        message: { type: "string", maxLength: 2048 },
      },
    },
  };
}

function keySchemas(): Record<string, OpenApiSchema> {
  return {
    Environment: { type: "string", enum: [...ENVIRONMENTS] },
    CurrentKey: {
      type: "object",
      required: ["id", "name", "env", "prefix", "limit", "windowSeconds", "expiresAt", "scopes", "workspaceId"],
      additionalProperties: false,
      properties: {
        id: { type: "string", maxLength: 64, pattern: "^key_[0-9A-Za-z]+$" },
        name: { type: "string", maxLength: 64 },
        env: ref("schemas", "Environment"),
        prefix: { type: "string", maxLength: 16, description: "The visible start of the secret, e.g. `tk_dev_AbCd`." },
        limit: integer(1, MAX_LIMIT, "Requests per window."),
        windowSeconds: integer(1, MAX_WINDOW_SECONDS),
        expiresAt: { type: "string", format: "date-time", maxLength: 64, nullable: true, description: "When the key stops working; null: never." },
        scopes: ref("schemas", "KeyScopes"),
        workspaceId: { type: "string", maxLength: 64, nullable: true, description: "The workspace the key belongs to; null: none." },
      },
    },
    KeyScopes: {
      type: "object",
      nullable: true,
      required: ["tools", "categories"],
      additionalProperties: false,
      description: "The tools the key may call: these ids and every tool of these categories. null: every tool.",
      properties: {
        tools: { type: "array", maxItems: 200, items: { type: "string", maxLength: 100 } },
        categories: { type: "array", maxItems: 200, items: { type: "string", maxLength: 100 } },
      },
    },
    Health: {
      type: "object",
      required: ["status", "storage"],
      additionalProperties: false,
      properties: { status: { type: "string", enum: ["ok"] }, storage: { type: "string", enum: ["ok"] } },
    },
  };
}

/** Response headers, shared by every response that carries them. */
export function sharedHeaders(): Record<string, unknown> {
  return {
    RateLimitLimit: { description: "Requests this key may make per window.", required: true, schema: integer(1, MAX_LIMIT) },
    RateLimitRemaining: {
      description: "Requests left after this one: 0 on the last allowed request and on every 429.",
      required: true,
      schema: integer(0, MAX_LIMIT),
    },
    RateLimitReset: { description: "Whole seconds until the window resets.", required: true, schema: integer(1, MAX_WINDOW_SECONDS) },
    RetryAfter: { description: "Whole seconds to wait before retrying.", required: true, schema: integer(1, MAX_WINDOW_SECONDS) },
    RequestId: {
      description: "The request id (the client's own when well-formed), also in the server log line.",
      required: true,
      schema: { type: "string", maxLength: 128, pattern: "^[A-Za-z0-9._:-]{1,128}$" },
    },
  };
}

/** The header map of a response: always the request id, plus the rate-limit trio on metered routes. */
export function headersOf(options: { metered: boolean; retryAfter?: boolean }): Record<string, unknown> {
  return {
    "X-Request-Id": ref("headers", "RequestId"),
    ...(options.metered
      ? {
          "X-RateLimit-Limit": ref("headers", "RateLimitLimit"),
          "X-RateLimit-Remaining": ref("headers", "RateLimitRemaining"),
          "X-RateLimit-Reset": ref("headers", "RateLimitReset"),
        }
      : {}),
    ...(options.retryAfter ? { "Retry-After": ref("headers", "RetryAfter") } : {}),
  };
}

/** The API key schemes (header or bearer) and the dashboard session with its CSRF header. */
export function securitySchemes(sessionCookie: string): Record<string, unknown> {
  return {
    ApiKeyHeader: { type: "apiKey", in: "header", name: "X-API-Key", description: "An API key, e.g. `tk_dev_…`." },
    BearerAuth: { type: "http", scheme: "bearer", bearerFormat: "API key", description: "The same API key as `Authorization: Bearer <key>`." },
    SessionCookie: {
      type: "apiKey",
      in: "cookie",
      name: sessionCookie,
      description: "The dashboard session cookie set by sign-up and sign-in (HttpOnly).",
    },
    CsrfToken: {
      type: "apiKey",
      in: "header",
      name: "X-CSRF-Token",
      description: "Required with the session cookie on POST, PATCH and DELETE: the `csrfToken` that sign-up, sign-in and `GET /auth/session` return.",
    },
  };
}
