import { packageVersion } from "../../package-version.js";
import { JSON_HEADERS } from "../error-response.js";
import { buildOpenApiDocument } from "./build-openapi.js";
const PACKAGE_VERSION = packageVersion();
/** GET /api/v1/openapi.json: generated once at start, since routes and catalog never change while the server runs. */
export function openApiHandler(tools, options = {}) {
    const body = JSON.stringify(buildOpenApiDocument({ tools, version: PACKAGE_VERSION, maxBodyBytes: options.maxBodyBytes }));
    return () => new Response(body, { headers: JSON_HEADERS });
}
