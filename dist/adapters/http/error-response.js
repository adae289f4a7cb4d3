import { FastResponse } from "srvx";
import { boundErrorText } from "./excerpt.js";
/** The one mapping from error_code to HTTP status; a code missing here does not compile. */
export const STATUS = {
    invalid_json: 400,
    invalid_request: 400,
    client_only_tool: 400,
    unauthorized: 401,
    invalid_credentials: 401,
    forbidden: 403,
    csrf_failed: 403,
    tool_not_found: 404,
    not_found: 404,
    method_not_allowed: 405,
    conflict: 409,
    payload_too_large: 413,
    unsupported_media_type: 415,
    invalid_input: 422,
    rate_limited: 429,
    internal_error: 500,
    service_unavailable: 503,
    server_busy: 503,
    tool_timeout: 504,
};
export const JSON_HEADERS = { "content-type": "application/json", "cache-control": "no-store" };
/** The error envelope, with `Retry-After` where the error carries one. */
export function toErrorResponse(error, headers = {}) {
    const status = STATUS[error.code];
    const bounded = boundErrorText(error.message, "details" in error ? error.details : undefined);
    const body = { status: "error", code: status, error_code: error.code, ...bounded };
    const response = toJsonResponse(JSON.stringify(body), status, headers);
    if ("retryAfterMs" in error && error.retryAfterMs !== undefined) {
        response.headers.set("retry-after", String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
    }
    return response;
}
/** The success envelope. */
export function toSuccessResponse(data, status = 200, headers = {}) {
    return toJsonResponse(JSON.stringify({ status: "success", code: status, data }), status, headers);
}
/**
 * A JSON response from serialized text. srvx's FastResponse keeps the string as it is and hands it to
 * node:http in one write; a web Response would stream it through a ReadableStream (measured: a third of the cost
 * of a small request).
 */
export function toJsonResponse(json, status = 200, headers = {}) {
    return new FastResponse(json, { status, headers: { ...JSON_HEADERS, ...toRecord(headers) } });
}
/** The three rate-limit headers every authenticated response carries. */
export function rateLimitHeaders(decision) {
    return {
        "x-ratelimit-limit": String(decision.limit),
        "x-ratelimit-remaining": String(decision.remaining),
        "x-ratelimit-reset": String(decision.resetSeconds),
    };
}
function toRecord(headers) {
    return headers instanceof Headers ? Object.fromEntries(headers) : Array.isArray(headers) ? Object.fromEntries(headers) : headers;
}
