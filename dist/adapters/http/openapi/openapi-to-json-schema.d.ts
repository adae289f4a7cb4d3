import { type OpenApiSchema } from "./json-schema-to-openapi.ts";
/**
 * Turns an OpenAPI 3.0 Schema Object of `document` into a self-contained draft-07 JSON Schema: local `$ref`s are
 * inlined, `nullable` becomes a `null` type, boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers.
 * For validators that speak JSON Schema, not OpenAPI (Dredd's gavel, ajv).
 */
export declare function toJsonSchema(schema: unknown, document: unknown, seen?: readonly string[]): Record<string, unknown>;
/** The value at a local JSON Pointer reference such as `#/components/schemas/Error`. */
export declare function resolvePointer(document: unknown, ref: string): OpenApiSchema;
