import { storageUnavailableAnswer } from "../../application/tool-call.js";
import { StorageUnavailableError } from "../../application/storage-unavailable.js";
import { toResponse } from "./error-response.js";
import { readApiKey } from "./read-api-key.js";
/**
 * Auth, then rate limit (the core's ToolCall.authorize), then the handler, as the contract orders them: a request
 * without a valid key learns nothing else. Every answer after authentication carries the rate-limit headers.
 */
export function withApiKey(deps, handler) {
    return async (event) => {
        let headers = {};
        try {
            const authorized = await deps.toolCall.authorize(readApiKey(event.req.headers));
            if (!authorized.ok) {
                event.context.authFailure = authorized.authFailure;
                event.context.keyId = authorized.key?.id;
                return toResponse(authorized.answer);
            }
            event.context.keyId = authorized.call.key.id;
            headers = authorized.call.headers;
            return await handler(event, authorized.call);
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
    return toResponse(storageUnavailableAnswer());
}
