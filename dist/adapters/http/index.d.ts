export { createApp, type AppOptions } from "./app.ts";
export { toResponse } from "./error-response.ts";
