import { packageVersion } from "../../package-version.ts";
import type { AnyTool } from "../../../domain/tool.ts";
import { JSON_HEADERS } from "../error-response.ts";
import { buildOpenApiDocument } from "./build-openapi.ts";

const PACKAGE_VERSION = packageVersion();

/**
 * GET /api/v1/openapi.json: generated once, on the first request (routes and catalog never change while the server
 * runs, and a start need not wait for a document nobody may ask for).
 */
export function openApiHandler(tools: readonly AnyTool[], options: { maxBodyBytes?: number } = {}): () => Response {
  let body: string | undefined;
  return () => {
    body ??= JSON.stringify(buildOpenApiDocument({ tools, version: PACKAGE_VERSION, maxBodyBytes: options.maxBodyBytes }));
    return new Response(body, { headers: JSON_HEADERS });
  };
}
