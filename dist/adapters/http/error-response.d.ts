import type { DomainError, ErrorCode, InputIssue } from "../../domain/errors.ts";
import type { RateLimitDecision } from "../../domain/rate-limit.ts";
/** Every wire error_code: the core's plus those only the HTTP layer produces. */
export type WireCode = ErrorCode | "invalid_json" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "csrf_failed" | "internal_error" | "service_unavailable";
/** The one mapping from error_code to HTTP status; a code missing here does not compile. */
export declare const STATUS: Record<WireCode, number>;
/** An error the HTTP layer raises itself. */
export interface WireError {
    readonly code: WireCode;
    readonly message: string;
    readonly details?: readonly InputIssue[];
    readonly retryAfterMs?: number;
}
export declare const JSON_HEADERS: {
    readonly "content-type": "application/json";
    readonly "cache-control": "no-store";
};
/** The error envelope, with `Retry-After` where the error carries one. */
export declare function toErrorResponse(error: DomainError | WireError, headers?: HeadersInit): Response;
/** The success envelope. */
export declare function toSuccessResponse(data: unknown, status?: number, headers?: HeadersInit): Response;
/**
 * A JSON response from serialized text. srvx's FastResponse keeps the string as it is and hands it to
 * node:http in one write; a web Response would stream it through a ReadableStream (measured: a third of the cost
 * of a small request).
 */
export declare function toJsonResponse(json: string, status?: number, headers?: HeadersInit): Response;
/** The three rate-limit headers every authenticated response carries. */
export declare function rateLimitHeaders(decision: RateLimitDecision): Record<string, string>;
