import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getRouterParam, type H3Event } from "h3";
import { toErrorResponse } from "../error-response.ts";

/** The dashboard's own static files, read once at start: the CSP allows scripts and styles only from here. */
const FILES: Record<string, string> = {
  "dashboard.css": "text/css; charset=utf-8",
  "dashboard.js": "text/javascript; charset=utf-8",
  "icon.svg": "image/svg+xml",
  "keys.css": "text/css; charset=utf-8",
  "key-form.js": "text/javascript; charset=utf-8",
  "passkeys.js": "text/javascript; charset=utf-8",
  "usage.js": "text/javascript; charset=utf-8",
  "usage.css": "text/css; charset=utf-8",
};

const contents = new Map(Object.keys(FILES).map((name) => [name, readFileSync(join(import.meta.dirname, "assets", name))]));

/** GET /dashboard/assets/:file */
export function assetHandler(event: H3Event): Response {
  const name = getRouterParam(event, "file") ?? "";
  const body = contents.get(name);
  if (!body) return toErrorResponse({ code: "not_found", message: "No route matches this path." });
  return new Response(new Uint8Array(body), {
    headers: {
      "content-type": FILES[name],
      // Short-lived: a redeploy reaches browsers within minutes without versioned file names.
      "cache-control": "public, max-age=300",
      "cross-origin-resource-policy": "same-origin",
    },
  });
}
