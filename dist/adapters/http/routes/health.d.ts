import type { ApiKeyStore } from "../../../application/ports.ts";
/** GET /health: 200 when storage answers, 503 when it does not. */
export declare function healthHandler(deps: {
    keys: Pick<ApiKeyStore, "ping">;
}): () => Promise<Response>;
