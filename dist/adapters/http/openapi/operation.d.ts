/** One OpenAPI operation; its path and method come from the route list (adapters/http/route-list.ts). */
export interface Operation {
    readonly operationId: string;
    readonly [field: string]: unknown;
}
