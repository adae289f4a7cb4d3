/** One problem with a request field, located by a JSON Pointer into the request body. */
export interface InputIssue {
    readonly path: string;
    readonly message: string;
}
/** Why a key was refused; kept for logs only, the wire always shows one identical body. */
export type UnauthorizedReason = "missing" | "malformed" | "checksum" | "unknown" | "revoked" | "environment" | "session";
/** Every expected failure of the core, as plain data. `code` is the wire `error_code`. */
export type DomainError = {
    readonly code: "unauthorized";
    readonly message: string;
    readonly reason: UnauthorizedReason;
} | {
    readonly code: "invalid_credentials";
    readonly message: string;
} | {
    readonly code: "forbidden";
    readonly message: string;
} | {
    readonly code: "conflict";
    readonly message: string;
} | {
    readonly code: "not_found";
    readonly message: string;
} | {
    readonly code: "invalid_request";
    readonly message: string;
} | {
    readonly code: "client_only_tool";
    readonly message: string;
} | {
    readonly code: "tool_not_found";
    readonly message: string;
} | {
    readonly code: "invalid_input";
    readonly message: string;
    readonly details: readonly InputIssue[];
} | {
    readonly code: "rate_limited";
    readonly message: string;
    readonly retryAfterMs: number;
} | {
    readonly code: "tool_timeout";
    readonly message: string;
} | {
    readonly code: "server_busy";
    readonly message: string;
    readonly retryAfterMs: number;
};
/** The wire `error_code` of a DomainError. */
export type ErrorCode = DomainError["code"];
/** Any key problem; the message never says which one. */
export declare const unauthorized: (reason: UnauthorizedReason) => DomainError;
/** No live dashboard session: none sent, unknown, expired or signed out. */
export declare const signInRequired: () => DomainError;
export declare const invalidCredentials: () => DomainError;
export declare const forbidden: (message?: string) => DomainError;
export declare const conflict: (message: string) => DomainError;
export declare const notFound: (message?: string) => DomainError;
export declare const invalidRequest: (message: string) => DomainError;
export declare const clientOnlyTool: (id: string) => DomainError;
export declare const toolNotFound: (id: string) => DomainError;
export declare const keyNotFound: (id: string) => DomainError;
/** Input that breaks a schema or that the tool refuses; `details` locate each problem. */
export declare const invalidInput: (details: readonly InputIssue[], message?: string) => DomainError;
/** A tool-level refusal of one input field (a value the schema cannot express as wrong). */
export declare const invalidField: (field: string, message: string) => DomainError;
export declare const rateLimited: (retryAfterMs: number) => DomainError;
export declare const toolTimeout: (limitMs: number) => DomainError;
export declare const serverBusy: (retryAfterMs?: number) => DomainError;
