import type { H3Event } from "h3";
import type { AuthenticateKey } from "../../application/authenticate-key.ts";
import type { ConsumeRateLimit } from "../../application/consume-rate-limit.ts";
import type { ApiKey } from "../../domain/api-key.ts";
/** A route handler that runs only for an authenticated key with requests left. */
export type KeyedHandler = (event: H3Event, key: ApiKey) => Promise<Response> | Response;
export interface ProtectDeps {
    readonly authenticateKey: AuthenticateKey;
    readonly consumeRateLimit: ConsumeRateLimit;
    /** Answers a bug without internals (and logs it once). */
    readonly onBug: (error: unknown, event: H3Event) => Response;
}
/**
 * Auth, then rate limit, then the handler, as the contract orders them: a request without a valid key
 * learns nothing else. Every response after authentication carries the rate-limit headers, errors included.
 */
export declare function withApiKey(deps: ProtectDeps, handler: KeyedHandler): (event: H3Event) => Promise<Response>;
/** Fail closed: the request is neither authenticated nor counted, so it is refused. */
export declare function storageUnavailable(): Response;
