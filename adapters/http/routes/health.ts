import type { ApiKeyStore } from "../../../application/ports.ts";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";

/** Within this time storage must answer, or the instance reports itself unhealthy. */
const PROBE_TIMEOUT_MS = 2000;

/** GET /health: 200 when storage answers, 503 when it does not. */
export function healthHandler(deps: { keys: Pick<ApiKeyStore, "ping"> }) {
  return async (): Promise<Response> => {
    let timer: NodeJS.Timeout | undefined;
    const healthy = await Promise.race([
      deps.keys.ping().then(() => true, () => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(resolve, PROBE_TIMEOUT_MS, false).unref())),
    ]).finally(() => clearTimeout(timer));
    return healthy
      ? toSuccessResponse({ status: "ok", storage: "ok" })
      : toErrorResponse({ code: "service_unavailable", message: "Storage is unavailable." }, { "retry-after": "1" });
  };
}
