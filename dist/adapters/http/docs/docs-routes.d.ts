import { type H3Event } from "h3";
/**
 * No inline script or style, and nothing from another origin. Swagger UI's bundle probes for the global object
 * with `Function("return this")` inside a try; without 'unsafe-eval' the probe falls back to `globalThis`.
 */
export declare const DOCS_CSP: string;
/** GET /docs (the interactive reference) and GET /docs/assets/:file (its scripts and styles, from swagger-ui-dist). */
export declare function docsRoutes(): {
    page: () => Response;
    asset: (event: H3Event) => Promise<Response>;
};
