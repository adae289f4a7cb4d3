import type { H3Event } from "h3";
import type { ApiKey } from "../../domain/api-key.ts";
import { storageUnavailableAnswer, type AuthorizedCall, type ToolCall } from "../../application/tool-call.ts";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import { toResponse } from "./error-response.ts";
import { readApiKey } from "./read-api-key.ts";

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
export function withApiKey(deps: ProtectDeps, handler: KeyedHandler) {
  return async (event: H3Event): Promise<Response> => {
    let headers: Record<string, string> = {};
    try {
      const authorized = await deps.toolCall.authorize(readApiKey(event.req.headers));
      if (!authorized.ok) {
        event.context.authFailure = authorized.authFailure;
        event.context.keyId = authorized.key?.id;
        event.context.apiKey = authorized.key;
        return toResponse(authorized.answer);
      }
      event.context.keyId = authorized.call.key.id;
      event.context.apiKey = authorized.call.key;
      headers = authorized.call.headers;
      return await handler(event, authorized.call);
    } catch (error) {
      if (error instanceof StorageUnavailableError) {
        event.context.storageFailed = true;
        return storageUnavailable();
      }
      const response = deps.onBug(error, event);
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      return response;
    }
  };
}

declare module "h3" {
  interface H3EventContext {
    /** The key a keyed route authenticated (also when it was then rate-limited): whose call usage counts. */
    apiKey?: ApiKey;
  }
}

/** Fail closed: the request is neither authenticated nor counted, so it is refused. */
export function storageUnavailable(): Response {
  return toResponse(storageUnavailableAnswer());
}

