import type { AnyTool } from "../../../domain/tool.ts";
/** An OpenAPI 3.0.3 document, as plain JSON data. */
export type OpenApiDocument = Record<string, unknown> & {
    paths: Record<string, Record<string, unknown>>;
    components: Record<string, Record<string, unknown>>;
};
export interface OpenApiOptions {
    readonly tools: readonly AnyTool[];
    /** The API version shown in `info.version`. */
    readonly version?: string;
    /** This deployment's MAX_BODY_BYTES, published as `info.x-max-body-bytes` so clients and the conformance suite know the 413 limit. */
    readonly maxBodyBytes?: number;
}
/** Builds the OpenAPI document of every /api/v1 route from the routes and the tool catalog. */
export declare function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument;
/** Drops components nothing refers to, so the document carries no dead definitions. */
export declare function pruneComponents(document: OpenApiDocument): OpenApiDocument;
