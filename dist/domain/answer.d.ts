import { type WireCode } from "./error-table.ts";
import type { InputIssue } from "./errors.ts";
import type { RateLimitDecision } from "./rate-limit.ts";
/** Any error on the wire: a DomainError or one a transport raises itself. */
export interface WireError {
    readonly code: WireCode;
    readonly message: string;
    readonly details?: readonly InputIssue[];
    readonly retryAfterMs?: number;
}
/** The error envelope of the contract. */
export interface ErrorBody {
    readonly status: "error";
    readonly code: number;
    readonly error_code: WireCode;
    readonly message: string;
    readonly details?: readonly InputIssue[];
}
/** The success envelope of the contract. */
export interface SuccessBody<T = unknown> {
    readonly status: "success";
    readonly code: number;
    readonly data: T;
}
/**
 * A transport-neutral answer: what any adapter (h3, node:http, another framework) writes. Header names are lower
 * case; values are strings.
 */
export interface Answer<T = unknown> {
    readonly status: number;
    readonly headers: Record<string, string>;
    readonly body: SuccessBody<T> | ErrorBody;
}
/** The error answer for `error`, its status from ERRORS, `retry-after` where the error carries one. */
export declare function errorAnswer(error: WireError, headers?: Record<string, string>): Answer<never>;
/** The success answer carrying `data`. */
export declare function successAnswer<T>(data: T, status?: number, headers?: Record<string, string>): Answer<T>;
/** The three rate-limit headers every authenticated answer carries. */
export declare function rateLimitHeaders(decision: RateLimitDecision): Record<string, string>;
