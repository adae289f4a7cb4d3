import { ERRORS } from "./error-table.js";
import { boundErrorText } from "./error-text.js";
/** The error answer for `error`, its status from ERRORS, `retry-after` where the error carries one. */
export function errorAnswer(error, headers = {}) {
    const status = ERRORS[error.code].status;
    const bounded = boundErrorText(error.message, error.details);
    const body = { status: "error", code: status, error_code: error.code, ...bounded };
    if (error.retryAfterMs === undefined)
        return { status, headers, body };
    return { status, headers: { ...headers, "retry-after": String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))) }, body };
}
/** The success answer carrying `data`. */
export function successAnswer(data, status = 200, headers = {}) {
    return { status, headers, body: { status: "success", code: status, data } };
}
/** The three rate-limit headers every authenticated answer carries. */
export function rateLimitHeaders(decision) {
    return {
        "x-ratelimit-limit": String(decision.limit),
        "x-ratelimit-remaining": String(decision.remaining),
        "x-ratelimit-reset": String(decision.resetSeconds),
    };
}
