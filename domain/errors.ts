/** One problem with a request field, located by a JSON Pointer into the request body. */
export interface InputIssue {
  readonly path: string;
  readonly message: string;
}

/** Why a key was refused; kept for logs only, the wire always shows one identical body. */
export type UnauthorizedReason = "missing" | "malformed" | "checksum" | "unknown" | "revoked" | "expired" | "environment" | "session";

/** Every expected failure of the core, as plain data. `code` is the wire `error_code`. */
export type DomainError =
  | { readonly code: "unauthorized"; readonly message: string; readonly reason: UnauthorizedReason }
  | { readonly code: "invalid_credentials"; readonly message: string }
  | { readonly code: "forbidden"; readonly message: string }
  | { readonly code: "pack_not_enabled"; readonly message: string }
  | { readonly code: "forbidden_tool"; readonly message: string }
  | { readonly code: "conflict"; readonly message: string }
  | { readonly code: "not_found"; readonly message: string }
  | { readonly code: "invalid_request"; readonly message: string }
  | { readonly code: "client_only_tool"; readonly message: string }
  | { readonly code: "tool_not_found"; readonly message: string }
  | { readonly code: "invalid_input"; readonly message: string; readonly details: readonly InputIssue[] }
  | { readonly code: "rate_limited"; readonly message: string; readonly retryAfterMs: number }
  | { readonly code: "tool_timeout"; readonly message: string }
  | { readonly code: "server_busy"; readonly message: string; readonly retryAfterMs: number };

/** The wire `error_code` of a DomainError. */
export type ErrorCode = DomainError["code"];

/** Any key problem; the message never says which one. */
export const unauthorized = (reason: UnauthorizedReason): DomainError => ({
  code: "unauthorized",
  message: "A valid API key is required.",
  reason,
});

/** No live dashboard session: none sent, unknown, expired or signed out. */
export const signInRequired = (): DomainError => ({
  code: "unauthorized",
  message: "Sign in to continue.",
  reason: "session",
});

export const invalidCredentials = (): DomainError => ({
  code: "invalid_credentials",
  message: "The email or password is incorrect.",
});

export const forbidden = (message = "You do not have access to this resource."): DomainError => ({ code: "forbidden", message });

/** The key's scope does not include the tool; said only after auth and the rate limit. */
export const forbiddenTool = (id: string): DomainError => ({
  code: "forbidden_tool",
  message: `This API key's scope does not include the tool '${id}'.`,
});

export const conflict = (message: string): DomainError => ({ code: "conflict", message });

export const notFound = (message = "Not found."): DomainError => ({ code: "not_found", message });

export const invalidRequest = (message: string): DomainError => ({ code: "invalid_request", message });

export const clientOnlyTool = (id: string): DomainError => ({
  code: "client_only_tool",
  message: `The tool '${id}' runs only in a browser and cannot be executed on the server.`,
});

export const toolNotFound = (id: string): DomainError => ({ code: "tool_not_found", message: `No tool has the id '${id}'.` });

export const keyNotFound = (id: string): DomainError => notFound(`No API key has the id '${id}'.`);

/** Input that breaks a schema or that the tool refuses; `details` locate each problem. */
export const invalidInput = (details: readonly InputIssue[], message = "The input is invalid."): DomainError => ({
  code: "invalid_input",
  message,
  details,
});

/** A tool-level refusal of one input field (a value the schema cannot express as wrong). */
export const invalidField = (field: string, message: string): DomainError =>
  invalidInput([{ path: field === "" ? "/input" : `/input/${field}`, message }], message);

export const rateLimited = (retryAfterMs: number): DomainError => ({
  code: "rate_limited",
  message: "Rate limit exceeded; retry after the window resets.",
  retryAfterMs,
});

export const toolTimeout = (limitMs: number): DomainError => ({
  code: "tool_timeout",
  message: `The tool ran longer than its ${limitMs} ms limit and was stopped.`,
});

export const serverBusy = (retryAfterMs = 1000): DomainError => ({
  code: "server_busy",
  message: "The server is busy; retry shortly.",
  retryAfterMs,
});

/** The tool's pack is not enabled for the key's workspace (a key of no workspace may call core tools only). */
export const packNotEnabled = (toolId: string, packId: string): DomainError => ({
  code: "pack_not_enabled",
  message: `The tool '${toolId}' belongs to the pack '${packId}', which this API key's workspace has not enabled.`,
});
