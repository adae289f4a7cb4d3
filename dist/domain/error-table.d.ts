import type { ErrorCode } from "./errors.ts";
/** What the contract says of one error_code: its HTTP status, its default message and a line of documentation. */
export interface ErrorInfo {
    readonly status: number;
    readonly message: string;
    readonly doc: string;
}
/** Codes only a transport produces (the core never returns them as a DomainError). */
type TransportCode = "invalid_json" | "method_not_allowed" | "payload_too_large" | "unsupported_media_type" | "csrf_failed" | "request_timeout" | "headers_too_large" | "internal_error" | "service_unavailable" | "forbidden_tool" | "pack_not_enabled";
/** Every wire `error_code`. */
export type WireCode = ErrorCode | TransportCode;
/**
 * The one error table: every `error_code` → status, default message and doc line. The HTTP adapter, the OpenAPI
 * document, the dashboard and embedders all read it; nothing else writes a status number. A missing code does not
 * compile.
 */
export declare const ERRORS: Readonly<Record<WireCode, ErrorInfo>>;
/** The HTTP status of an error code. */
export declare function statusOf(code: WireCode): number;
/** Every wire `error_code`, in table order. */
export declare const ERROR_CODES: WireCode[];
export {};
