import type { InputIssue, ServerErrorCode } from "./types.ts";

/** Codes the client itself gives when no server envelope could be read. */
export type ClientErrorCode = "network_error" | "invalid_response";

/** A server `error_code`, one of the client's own, or a code newer than this client's types. */
export type ErrorCode = ServerErrorCode | ClientErrorCode | (string & {});

export interface ToolApiErrorInit {
  readonly status: number;
  readonly errorCode: ErrorCode;
  readonly message: string;
  readonly details?: readonly InputIssue[];
  readonly requestId?: string;
}

/**
 * Every failed call rejects with this. It never holds the API key: the client builds it only from the
 * server's answer (with the key scrubbed out) or from a network failure.
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

  constructor(init: ToolApiErrorInit, options?: { cause?: unknown }) {
    super(init.message, options);
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.details = init.details;
    this.requestId = init.requestId;
  }

  /** What `JSON.stringify(error)` shows: the answer's fields, without the cause. */
  toJSON(): ToolApiErrorInit & { name: string } {
    return { name: this.name, status: this.status, errorCode: this.errorCode, message: this.message, details: this.details, requestId: this.requestId };
  }
}
