import type { H3Event } from "h3";
import { toSuccessResponse } from "../error-response.ts";

/** Where a visitor of `/` goes next: the pages and the document, as paths on this origin. */
export const HOME_LINKS = { dashboard: "/dashboard", docs: "/docs", openapi: "/api/v1/openapi.json" } as const;

/**
 * GET /: a browser (its Accept prefers text/html) is sent on to the dashboard with 303; an API client gets the
 * index of where things are as a success envelope. The answer depends on Accept, so both say `Vary: Accept`.
 */
export function homeHandler() {
  return (event: H3Event): Response => {
    if (prefersHtml(event.req.headers.get("accept"))) {
      return new Response(null, { status: 303, headers: { location: HOME_LINKS.dashboard, vary: "accept", "cache-control": "no-store" } });
    }
    return toSuccessResponse(HOME_LINKS, 200, { vary: "accept" });
  };
}

/** Whether `accept` ranks text/html above application/json; a tie (an Accept of any type, or none) goes to JSON. */
export function prefersHtml(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = accept.split(",").map((part) => {
    const [range, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    return { range: range.trim(), q: q === undefined ? 1 : Math.min(1, Number(q) || 0) };
  });
  return qualityOf(ranges, "text/html") > qualityOf(ranges, "application/json");
}

/** The q of the most specific range that matches `type` (RFC 9110 §12.5.1), 0 when none does. */
function qualityOf(ranges: readonly { range: string; q: number }[], type: string): number {
  const [major] = type.split("/");
  const exact = ranges.find((entry) => entry.range === type);
  const family = ranges.find((entry) => entry.range === `${major}/*`);
  const any = ranges.find((entry) => entry.range === "*/*");
  return (exact ?? family ?? any)?.q ?? 0;
}
