import { type WireCode } from "../../../domain/error-table.ts";
import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
/** A `$ref` into the document's components. */
export declare const ref: (kind: "schemas" | "responses" | "headers" | "parameters", name: string) => {
    $ref: string;
};
/** Every error_code of one HTTP status, read from the one ERRORS table. */
export declare function codesFor(status: number): WireCode[];
/** A success envelope whose `data` is described by `data`: the shared `Success` plus the member's own schema. */
export declare function successOf(data: OpenApiSchema, status?: number): OpenApiSchema;
/** The envelopes every route answers with, and the values they carry. */
export declare function sharedSchemas(): Record<string, OpenApiSchema>;
/** Response headers, shared by every response that carries them. */
export declare function sharedHeaders(): Record<string, unknown>;
/** The header map of a response: always the request id, plus the rate-limit trio on metered routes. */
export declare function headersOf(options: {
    metered: boolean;
    retryAfter?: boolean;
}): Record<string, unknown>;
/** The API key schemes (header or bearer) and the dashboard session with its CSRF header. */
export declare function securitySchemes(sessionCookie: string): Record<string, unknown>;
