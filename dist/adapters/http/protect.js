import { rateLimited } from "../../domain/errors.js";
import { StorageUnavailableError } from "../storage/storage-unavailable.js";
import { rateLimitHeaders, toErrorResponse } from "./error-response.js";
import { readApiKey } from "./read-api-key.js";
/**
 * Auth, then rate limit, then the handler, as the contract orders them: a request without a valid key
 * learns nothing else. Every response after authentication carries the rate-limit headers, errors included.
 */
export function withApiKey(deps, handler) {
    return async (event) => {
        let headers = {};
        try {
            const auth = await deps.authenticateKey.execute({ secret: readApiKey(event.req.headers) });
            if (!auth.ok) {
                if (auth.error.code === "unauthorized")
                    event.context.authFailure = auth.error.reason;
                return toErrorResponse(auth.error);
            }
            event.context.keyId = auth.value.id;
            const decision = await deps.consumeRateLimit.execute({ key: auth.value });
            headers = rateLimitHeaders(decision);
            if (!decision.allowed)
                return toErrorResponse(rateLimited(decision.resetSeconds * 1000), headers);
            const response = await handler(event, auth.value);
            for (const [name, value] of Object.entries(headers))
                response.headers.set(name, value);
            return response;
        }
        catch (error) {
            if (error instanceof StorageUnavailableError)
                return storageUnavailable();
            const response = deps.onBug(error, event);
            for (const [name, value] of Object.entries(headers))
                response.headers.set(name, value);
            return response;
        }
    };
}
/** Fail closed: the request is neither authenticated nor counted, so it is refused. */
export function storageUnavailable() {
    return toErrorResponse({ code: "service_unavailable", message: "Storage is unavailable; try again shortly." }, { "retry-after": "1" });
}
