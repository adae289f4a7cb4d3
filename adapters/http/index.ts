// tool-execution-api/http: the reference h3 app for a core (`app.fetch(request)` is web-standard).
export { createApp, type AppOptions } from "./app.ts";
export { toResponse } from "./error-response.ts";
export { createNodeServer } from "./node-server.ts";
