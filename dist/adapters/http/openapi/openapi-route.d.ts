import type { AnyTool } from "../../../domain/tool.ts";
/** GET /api/v1/openapi.json: generated once at start, since routes and catalog never change while the server runs. */
export declare function openApiHandler(tools: readonly AnyTool[], options?: {
    maxBodyBytes?: number;
}): () => Response;
