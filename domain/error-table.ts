import type { ErrorCode } from "./errors.ts";

/** What the contract says of one error_code: its HTTP status, its default message and a line of documentation. */
export interface ErrorInfo {
  readonly status: number;
  readonly message: string;
  readonly doc: string;
}

/** Codes only a transport produces (the core never returns them as a DomainError). */
type TransportCode =
  | "invalid_json" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "csrf_failed"
  | "request_timeout" | "headers_too_large" | "internal_error" | "service_unavailable"
  | "forbidden_tool" | "pack_not_enabled";

/** Every wire `error_code`. */
export type WireCode = ErrorCode | TransportCode;

/**
 * The one error table: every `error_code` → status, default message and doc line. The HTTP adapter, the OpenAPI
 * document, the dashboard and embedders all read it; nothing else writes a status number. A missing code does not
 * compile.
 */
export const ERRORS: Readonly<Record<WireCode, ErrorInfo>> = {
  invalid_json: { status: 400, message: "The request body is not valid JSON.", doc: "The body is not JSON." },
  invalid_request: {
    status: 400, message: "The request could not be understood.",
    doc: 'The body is not an object with an object member "input" (execute), or not a JSON object (session API).',
  },
  client_only_tool: {
    status: 400, message: "This tool runs only in a browser.", doc: "The tool exists but runs only in a browser.",
  },
  unauthorized: {
    status: 401, message: "A valid API key is required.",
    doc: "Key missing, malformed, truncated, unknown, revoked, expired or of another environment: one identical body for all.",
  },
  invalid_credentials: {
    status: 401, message: "The email or password is incorrect.", doc: "Sign-in with a wrong email or password (one body for both).",
  },
  forbidden: { status: 403, message: "You do not have access to this resource.", doc: "The workspace or key belongs to others." },
  csrf_failed: {
    status: 403, message: "The CSRF token is missing or wrong.", doc: "A state-changing session request without the right X-CSRF-Token.",
  },
  forbidden_tool: {
    status: 403, message: "This key may not call this tool.", doc: "The key's scope does not include this tool (checked after auth and the rate limit).",
  },
  pack_not_enabled: {
    status: 403, message: "The tool's pack is not enabled for this key's workspace.",
    doc: "The tool belongs to a pack the key's workspace has not enabled (a key of no workspace may call core tools only).",
  },
  tool_not_found: { status: 404, message: "No tool has this id.", doc: "No such tool id." },
  not_found: { status: 404, message: "No route matches this path.", doc: "No such route or resource." },
  method_not_allowed: { status: 405, message: "Method not allowed.", doc: "Known route, wrong method; Allow names the right ones." },
  request_timeout: { status: 408, message: "The request took too long to arrive.", doc: "The client sent its request too slowly." },
  conflict: { status: 409, message: "The resource already exists.", doc: "Sign-up with an email already taken." },
  payload_too_large: { status: 413, message: "The request body is too large.", doc: "The body is over MAX_BODY_BYTES." },
  unsupported_media_type: {
    status: 415, message: "Content-Type must be application/json.", doc: "A POST whose Content-Type is missing or not JSON.",
  },
  invalid_input: {
    status: 422, message: "The input is invalid.", doc: "The input breaks the tool's schema, a documented bound, or the tool refuses the value; details locate each problem.",
  },
  rate_limited: { status: 429, message: "Rate limit exceeded; retry after the window resets.", doc: "The key's limit is spent; Retry-After is set." },
  headers_too_large: { status: 431, message: "The request headers are too large.", doc: "The request's header section is too large." },
  internal_error: { status: 500, message: "An internal error occurred.", doc: "A bug; no internals are shown." },
  service_unavailable: {
    status: 503, message: "Storage is unavailable; try again shortly.", doc: "Storage unreachable: fail closed, answered within 2 s.",
  },
  server_busy: { status: 503, message: "The server is busy; retry shortly.", doc: "The tool pool's queue is full; Retry-After is set." },
  tool_timeout: { status: 504, message: "The tool ran past its time cap.", doc: "The tool ran past its time cap or ran out of memory; the server keeps serving." },
};

/** The HTTP status of an error code. */
export function statusOf(code: WireCode): number {
  return ERRORS[code].status;
}

/** Every wire `error_code`, in table order. */
export const ERROR_CODES = Object.keys(ERRORS) as WireCode[];
