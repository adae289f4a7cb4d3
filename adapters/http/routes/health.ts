import type { ApiKeyStore } from "../../../application/ports.ts";
import { RECOVERY_COMMAND, StoreRefusedError } from "../../storage/store-identity-guard.ts";
import { toErrorResponse, toSuccessResponse } from "../error-response.ts";

/** Within this time storage must answer, or the instance reports itself unready (503). */
export const PROBE_TIMEOUT_MS = 2000;

/** GET /health (readiness): 200 when storage answers, 503 when it does not. */
export function healthHandler(deps: { keys: Pick<ApiKeyStore, "ping"> }) {
  return async (): Promise<Response> => {
    let timer: NodeJS.Timeout | undefined;
    const healthy = await Promise.race<boolean | StoreRefusedError>([
      deps.keys.ping().then(() => true, (error: unknown) => (error instanceof StoreRefusedError ? error : false)),
      new Promise<boolean>((resolve) => (timer = setTimeout(resolve, PROBE_TIMEOUT_MS, false).unref())),
    ]).finally(() => clearTimeout(timer));
    if (healthy === true) return toSuccessResponse({ status: "ok", storage: "ok" });
    // A store refused as having lost data stays so until an operator acts: the probe's answer says what to run.
    const message = healthy ? `Storage lost data; an operator must run \`${RECOVERY_COMMAND}\`.` : "Storage is unavailable.";
    return toErrorResponse({ code: "service_unavailable", message }, { "retry-after": "1" });
  };
}

/**
 * GET /health/live (liveness): 200 whenever this process answers at all. It never asks storage: an orchestrator
 * restarts a process whose liveness fails, and a restart brings no store back, so a storage outage must only take
 * the instance out of rotation (readiness), never into a crash loop.
 */
export function liveHandler() {
  return (): Response => toSuccessResponse({ status: "ok" });
}
