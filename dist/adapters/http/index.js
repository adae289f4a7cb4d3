// tool-execution-api/http: the reference h3 app for a core (`app.fetch(request)` is web-standard).
export { createApp } from "./app.js";
export { toResponse } from "./error-response.js";
