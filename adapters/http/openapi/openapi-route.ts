import { packageVersion } from "../../package-version.ts";
import type { AnyTool } from "../../../domain/tool.ts";
import { JSON_HEADERS } from "../error-response.ts";
import { buildOpenApiDocument } from "./build-openapi.ts";

const PACKAGE_VERSION = packageVersion();

/** GET /api/v1/openapi.json: generated once at start, since routes and catalog never change while the server runs. */
export function openApiHandler(tools: readonly AnyTool[], options: { maxBodyBytes?: number } = {}): () => Response {
  const body = JSON.stringify(buildOpenApiDocument({ tools, version: PACKAGE_VERSION, maxBodyBytes: options.maxBodyBytes }));
  return () => new Response(body, { headers: JSON_HEADERS });
}
