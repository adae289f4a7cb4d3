export { DEFAULT_LIMITS, ToolClient, type RequestOptions, type ToolClientOptions } from "./client.ts";
export { ToolApiError, type ClientErrorCode, type ErrorCode, type ToolApiErrorInit } from "./errors.ts";
export { DEFAULT_RETRY, type RetryOptions } from "./retry.ts";
export { MAX_REDIRECTS } from "./transport.ts";
export type { CurrentKey, ExecuteInput, ExecuteOutput, KeyUsageReport, UsageOptions, InputIssue, OtherToolId, ServerErrorCode, ToolDetail, ToolId, ToolInput, ToolOutput, ToolSummary, ToolTypes } from "./types.ts";
export type { components, operations, paths } from "./generated/openapi.ts";
