import { readFileSync } from "node:fs";
import { JSON_HEADERS } from "../error-response.js";
import { buildOpenApiDocument } from "./build-openapi.js";
const PACKAGE_VERSION = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")).version;
/** GET /api/v1/openapi.json: generated once at start, since routes and catalog never change while the server runs. */
export function openApiHandler(tools) {
    const body = JSON.stringify(buildOpenApiDocument({ tools, version: PACKAGE_VERSION }));
    return () => new Response(body, { headers: JSON_HEADERS });
}
