import type { H3Event } from "h3";
import { type AuthorizedCall, type ToolCall } from "../../application/tool-call.ts";
/** A route handler that runs only for an authenticated key with requests left. */
export type KeyedHandler = (event: H3Event, call: AuthorizedCall) => Promise<Response> | Response;
export interface ProtectDeps {
    readonly toolCall: Pick<ToolCall, "authorize">;
    /** Answers a bug without internals (and logs it once). */
    readonly onBug: (error: unknown, event: H3Event) => Response;
}
/**
 * Auth, then rate limit (the core's ToolCall.authorize), then the handler, as the contract orders them: a request
 * without a valid key learns nothing else. Every answer after authentication carries the rate-limit headers.
 */
export declare function withApiKey(deps: ProtectDeps, handler: KeyedHandler): (event: H3Event) => Promise<Response>;
/** Fail closed: the request is neither authenticated nor counted, so it is refused. */
export declare function storageUnavailable(): Response;
