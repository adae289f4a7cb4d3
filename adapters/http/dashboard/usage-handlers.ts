import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getRouterParam, type H3Event } from "h3";
import type { SessionRouteDeps } from "../session/session-deps.ts";
import { toErrorResponse } from "../error-response.ts";
import { dashboardPage, loadChrome } from "./dashboard-session.ts";
import { messagePage } from "./pages/layout.ts";
import { USAGE_RANGES, usagePage } from "./pages/usage-page.ts";
import { htmlResponse } from "./responses.ts";

/** GET /dashboard/usage?range=1h|24h|30d: the current workspace's usage (members only, like the session API's route). */
export function usageHandler(deps: SessionRouteDeps) {
  return dashboardPage(deps, async (event, context) => {
    const range = USAGE_RANGES.find((candidate) => candidate.id === event.url.searchParams.get("range")) ?? USAGE_RANGES[1];
    const chrome = await loadChrome(deps, context, "usage");
    const result = await deps.workspaceUsage.execute({
      accountId: context.account.id, workspaceId: context.workspace.id, lastMs: range.lastMs, granularity: range.granularity,
    });
    if (!result.ok) return htmlResponse(messagePage("Usage unavailable", result.error.message, chrome), 403);
    return htmlResponse(usagePage(chrome, context.workspace.name, range, result.value));
  });
}

const require = createRequire(import.meta.url);
/** uPlot, served from its own package (no CDN: the CSP allows scripts and styles from this server only). */
const VENDOR: Record<string, { type: string; path: string }> = {
  "uPlot.iife.min.js": { type: "text/javascript; charset=utf-8", path: require.resolve("uplot/dist/uPlot.iife.min.js") },
  "uPlot.min.css": { type: "text/css; charset=utf-8", path: require.resolve("uplot/dist/uPlot.min.css") },
  // The passkey ceremonies' browser half (global SimpleWebAuthnBrowser); its exports map hides the bundle, so from its main.
  "simplewebauthn-browser.umd.min.js": {
    type: "text/javascript; charset=utf-8", path: join(dirname(require.resolve("@simplewebauthn/browser")), "../dist/bundle/index.umd.min.js"),
  },
};
const vendorFiles = new Map(Object.entries(VENDOR).map(([name, file]) => [name, readFileSync(file.path)]));

/** GET /dashboard/vendor/:file */
export function vendorAssetHandler(event: H3Event): Response {
  const name = getRouterParam(event, "file") ?? "";
  const body = vendorFiles.get(name);
  if (!body) return toErrorResponse({ code: "not_found", message: "No route matches this path." });
  return new Response(new Uint8Array(body), {
    headers: { "content-type": VENDOR[name].type, "cache-control": "public, max-age=300", "cross-origin-resource-policy": "same-origin" },
  });
}
