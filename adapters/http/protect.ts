import type { H3Event } from "h3";
import type { AuthenticateKey } from "../../application/authenticate-key.ts";
import type { ConsumeRateLimit } from "../../application/consume-rate-limit.ts";
import type { ApiKey } from "../../domain/api-key.ts";
import { rateLimited } from "../../domain/errors.ts";
import { StorageUnavailableError } from "../../application/storage-unavailable.ts";
import { rateLimitHeaders, toErrorResponse } from "./error-response.ts";
import { readApiKey } from "./read-api-key.ts";

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
export function withApiKey(deps: ProtectDeps, handler: KeyedHandler) {
  return async (event: H3Event): Promise<Response> => {
    let headers: Record<string, string> = {};
    try {
      const auth = await deps.authenticateKey.execute({ secret: readApiKey(event.req.headers) });
      if (!auth.ok) {
        if (auth.error.code === "unauthorized") event.context.authFailure = auth.error.reason;
        return toErrorResponse(auth.error);
      }
      event.context.keyId = auth.value.id;
      const decision = await deps.consumeRateLimit.execute({ key: auth.value });
      headers = rateLimitHeaders(decision);
      if (!decision.allowed) return toErrorResponse(rateLimited(decision.resetSeconds * 1000), headers);
      const response = await handler(event, auth.value);
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      return response;
    } catch (error) {
      if (error instanceof StorageUnavailableError) return storageUnavailable();
      const response = deps.onBug(error, event);
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
      return response;
    }
  };
}

/** Fail closed: the request is neither authenticated nor counted, so it is refused. */
export function storageUnavailable(): Response {
  return toErrorResponse({ code: "service_unavailable", message: "Storage is unavailable; try again shortly." }, { "retry-after": "1" });
}
