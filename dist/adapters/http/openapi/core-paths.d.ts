import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
/** The catalog, the calling key, health and this document. */
export declare function corePaths(): Record<string, unknown>;
/** How the catalog describes a tool. */
export declare function catalogSchemas(): Record<string, OpenApiSchema>;
