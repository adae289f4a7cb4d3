// tool-execution-api: the execution core. Loads no HTTP framework (see ./http for the reference h3 app).
export { createToolCore } from "./adapters/core/create-tool-core.js";
export { ToolCoreError } from "./adapters/core/key-manager.js";
export { ERRORS, ERROR_CODES } from "./domain/error-table.js";
export { errorAnswer, successAnswer } from "./domain/answer.js";
export { storageUnavailableAnswer } from "./application/tool-call.js";
export { defineTool } from "./domain/tool.js";
export { err, ok } from "./domain/result.js";
export { invalidField, invalidInput } from "./domain/errors.js";
export { StorageUnavailableError } from "./application/storage-unavailable.js";
