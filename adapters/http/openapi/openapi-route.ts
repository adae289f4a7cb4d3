import { packageVersion } from "../../package-version.ts";
import type { AnyTool } from "../../../domain/tool.ts";
import { JSON_HEADERS } from "../error-response.ts";

const PACKAGE_VERSION = packageVersion();

/**
 * GET /api/v1/openapi.json: generated once, on the first request (routes and catalog never change while the server
 * runs, and a start need not load the document's builders nor wait for a document nobody may ask for).
 */
export function openApiHandler(tools: readonly AnyTool[], options: { maxBodyBytes?: number } = {}): () => Promise<Response> {
  let body: Promise<string> | undefined;
  return async () => {
    body ??= import("./build-openapi.ts").then(({ buildOpenApiDocument }) =>
      JSON.stringify(buildOpenApiDocument({ tools, version: PACKAGE_VERSION, maxBodyBytes: options.maxBodyBytes })));
    return new Response(await body, { headers: JSON_HEADERS });
  };
}
