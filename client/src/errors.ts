import type { InputIssue, ServerErrorCode } from "./types.ts";

/**
 * Codes the client itself gives when no server envelope could be read: no answer (`network_error`), an answer
 * that is not the API's (`invalid_response`), a redirect it will not follow (`redirect_refused`), an answer past
 * `maxResponseBytes` (`response_too_large`) or not complete within `timeoutMs` (`response_timeout`).
 */
export type ClientErrorCode = "network_error" | "invalid_response" | "redirect_refused" | "response_too_large" | "response_timeout";

/** A server `error_code`, one of the client's own, or a code newer than this client's types. */
export type ErrorCode = ServerErrorCode | ClientErrorCode | (string & {});

export interface ToolApiErrorInit {
  readonly status: number;
  readonly errorCode: ErrorCode;
  readonly message: string;
  readonly details?: readonly InputIssue[];
  readonly requestId?: string;
  readonly retryAfterSeconds?: number;
}

/**
 * Every failed call rejects with this. It never holds the API key, in any field or cause, plain or encoded: the
 * client builds it from the server's answer or a network failure with every form of the key scrubbed out.
 */
export class ToolApiError extends Error {
  override readonly name = "ToolApiError";
  /** The HTTP status, or 0 when no answer arrived. */
  readonly status: number;
  readonly errorCode: ErrorCode;
  /** `invalid_input` only: the server's `{ path, message }` list. */
  readonly details: readonly InputIssue[] | undefined;
  /** The server's `X-Request-Id`, to quote in a support request. */
  readonly requestId: string | undefined;
  /** How long the server asked to wait (`Retry-After`, else a 429's `X-Ratelimit-Reset`), in whole seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ToolApiErrorInit, options?: { cause?: unknown }) {
    super(init.message, options);
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /**
   * What `String(error)` and a template string show: `ToolApiError: 429 rate_limited: <message>` (no status when no
   * answer arrived). Built from the scrubbed fields only, so it never holds the key either.
   */
  override toString(): string {
    return `${this.name}: ${this.status > 0 ? `${this.status} ` : ""}${this.errorCode}: ${this.message}`;
  }

  /** What `JSON.stringify(error)` shows: the answer's fields, without the cause. */
  toJSON(): ToolApiErrorInit & { name: string } {
    const { name, status, errorCode, message, details, requestId, retryAfterSeconds } = this;
    return { name, status, errorCode, message, details, requestId, retryAfterSeconds };
  }
}
