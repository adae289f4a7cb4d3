import { toErrorResponse, toSuccessResponse } from "../error-response.js";
/** Within this time storage must answer, or the instance reports itself unhealthy. */
const PROBE_TIMEOUT_MS = 2000;
/** GET /health: 200 when storage answers, 503 when it does not. */
export function healthHandler(deps) {
    return async () => {
        const healthy = await Promise.race([
            deps.keys.ping().then(() => true, () => false),
            new Promise((resolve) => setTimeout(resolve, PROBE_TIMEOUT_MS, false).unref()),
        ]);
        return healthy
            ? toSuccessResponse({ status: "ok", storage: "ok" })
            : toErrorResponse({ code: "service_unavailable", message: "Storage is unavailable." }, { "retry-after": "1" });
    };
}
