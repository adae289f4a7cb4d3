import { createHash, timingSafeEqual } from "node:crypto";
import type { H3Event } from "h3";
import type { Registry } from "prom-client";
import { FastResponse } from "srvx";
import { toErrorResponse } from "../error-response.ts";

/**
 * GET /metrics (registered only when METRICS_TOKEN is set): the registry in the Prometheus text format 0.0.4 for
 * `Authorization: Bearer <METRICS_TOKEN>`, else 401 unauthorized. Both sides are hashed before the constant-time
 * comparison, so neither the token's length nor its bytes show in the timing.
 */
export function metricsHandler(deps: { readonly registry: Registry; readonly token: string }) {
  const expected = digest(deps.token);
  return async (event: H3Event): Promise<Response> => {
    const presented = /^Bearer +(\S+) *$/i.exec(event.req.headers.get("authorization") ?? "")?.[1] ?? "";
    if (!timingSafeEqual(digest(presented), expected)) {
      return toErrorResponse({ code: "unauthorized", message: "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>." }, { "www-authenticate": "Bearer" });
    }
    const text = await deps.registry.metrics();
    return new FastResponse(text, { headers: { "content-type": deps.registry.contentType, "cache-control": "no-store" } }) as unknown as Response;
  };
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}
