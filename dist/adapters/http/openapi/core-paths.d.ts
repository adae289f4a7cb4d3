import type { OpenApiSchema } from "./json-schema-to-openapi.ts";
import type { Operation } from "./operation.ts";
/** The operations of the catalog, the calling key, health and this document. */
export declare function coreOperations(): Operation[];
/** How the catalog describes a tool. */
export declare function catalogSchemas(): Record<string, OpenApiSchema>;
