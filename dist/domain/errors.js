/** Any key problem; the message never says which one. */
export const unauthorized = (reason) => ({
    code: "unauthorized",
    message: "A valid API key is required.",
    reason,
});
/** No live dashboard session: none sent, unknown, expired or signed out. */
export const signInRequired = () => ({
    code: "unauthorized",
    message: "Sign in to continue.",
    reason: "session",
});
export const invalidCredentials = () => ({
    code: "invalid_credentials",
    message: "The email or password is incorrect.",
});
export const forbidden = (message = "You do not have access to this resource.") => ({ code: "forbidden", message });
export const conflict = (message) => ({ code: "conflict", message });
export const notFound = (message = "Not found.") => ({ code: "not_found", message });
export const invalidRequest = (message) => ({ code: "invalid_request", message });
export const clientOnlyTool = (id) => ({
    code: "client_only_tool",
    message: `The tool '${id}' runs only in a browser and cannot be executed on the server.`,
});
export const toolNotFound = (id) => ({ code: "tool_not_found", message: `No tool has the id '${id}'.` });
export const keyNotFound = (id) => notFound(`No API key has the id '${id}'.`);
/** Input that breaks a schema or that the tool refuses; `details` locate each problem. */
export const invalidInput = (details, message = "The input is invalid.") => ({
    code: "invalid_input",
    message,
    details,
});
/** A tool-level refusal of one input field (a value the schema cannot express as wrong). */
export const invalidField = (field, message) => invalidInput([{ path: field === "" ? "/input" : `/input/${field}`, message }], message);
export const rateLimited = (retryAfterMs) => ({
    code: "rate_limited",
    message: "Rate limit exceeded; retry after the window resets.",
    retryAfterMs,
});
export const toolTimeout = (limitMs) => ({
    code: "tool_timeout",
    message: `The tool ran longer than its ${limitMs} ms limit and was stopped.`,
});
export const serverBusy = (retryAfterMs = 1000) => ({
    code: "server_busy",
    message: "The server is busy; retry shortly.",
    retryAfterMs,
});
