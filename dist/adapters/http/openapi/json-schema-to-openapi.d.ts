import type { JsonSchema } from "../../../domain/tool.ts";
/** An OpenAPI 3.0 Schema Object (or a `$ref` to one). */
export type OpenApiSchema = {
    [keyword: string]: unknown;
};
/**
 * Converts a tool's draft-07 schema into an OpenAPI 3.0 Schema Object. The result never rejects a value the
 * original accepts: keywords 3.0 lacks (`if`, `contains`, `dependencies` …) are dropped, which only loosens it;
 * the server keeps validating with the original.
 */
export declare function toOpenApiSchema(schema: JsonSchema | boolean, root?: JsonSchema | boolean): OpenApiSchema;
export declare function isRecord(value: unknown): value is Record<string, unknown>;
