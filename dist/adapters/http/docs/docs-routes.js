import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getRouterParam } from "h3";
import { toErrorResponse } from "../error-response.js";
const require = createRequire(import.meta.url);
const SWAGGER_UI = dirname(require.resolve("swagger-ui-dist/package.json"));
const OWN = join(dirname(fileURLToPath(import.meta.url)), "assets");
/** Every file /docs/assets/ serves: a fixed list, so no request path ever reaches the file system. */
const ASSETS = {
    "swagger-ui.css": { path: join(SWAGGER_UI, "swagger-ui.css"), type: "text/css; charset=utf-8" },
    "swagger-ui-bundle.js": { path: join(SWAGGER_UI, "swagger-ui-bundle.js"), type: "text/javascript; charset=utf-8" },
    "favicon-32x32.png": { path: join(SWAGGER_UI, "favicon-32x32.png"), type: "image/png" },
    "docs-init.js": { path: join(OWN, "docs-init.js"), type: "text/javascript; charset=utf-8" },
    "docs.css": { path: join(OWN, "docs.css"), type: "text/css; charset=utf-8" },
};
/**
 * No inline script or style, and nothing from another origin. Swagger UI's bundle probes for the global object
 * with `Function("return this")` inside a try; without 'unsafe-eval' the probe falls back to `globalThis`.
 */
export const DOCS_CSP = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
].join("; ");
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tool execution API reference</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/docs/assets/docs.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/docs-init.js"></script>
</body>
</html>
`;
/** GET /docs (the interactive reference) and GET /docs/assets/:file (its scripts and styles, from swagger-ui-dist). */
export function docsRoutes() {
    const cache = new Map();
    const load = (name, path) => {
        let bytes = cache.get(name);
        if (!bytes) {
            bytes = readFile(path);
            // A failed read is retried on the next request rather than cached.
            bytes.catch(() => cache.delete(name));
            cache.set(name, bytes);
        }
        return bytes;
    };
    return {
        page: () => new Response(PAGE, {
            headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": DOCS_CSP, "cache-control": "no-cache", "referrer-policy": "no-referrer" },
        }),
        asset: async (event) => {
            const name = getRouterParam(event, "file", { decode: true }) ?? "";
            const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
            if (!asset)
                return toErrorResponse({ code: "not_found", message: "No such documentation asset." });
            const body = await load(name, asset.path);
            return new Response(body, { headers: { "content-type": asset.type, "cache-control": "public, max-age=3600" } });
        },
    };
}
