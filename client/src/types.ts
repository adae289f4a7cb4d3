import type { components, paths } from "./generated/openapi.ts";

/** The body of an OpenAPI request or response object, as JSON. */
type JsonBody<T> = T extends { content: { "application/json": infer Body } } ? Body : never;
/** The `data` member of a success envelope (the generated type marks it optional; the server always sends it). */
type DataOf<T> = NonNullable<JsonBody<T> extends { data?: infer Data } ? Data : never>;

/** Every server tool with its own typed execute path in the document; the generic `/execute/{tool}` is left out. */
export type ToolId = Exclude<keyof paths, "/execute/{tool}"> extends infer Path
  ? Path extends `/execute/${infer Id}` ? Id : never
  : never;

type ExecuteOperation<Id extends ToolId> = paths[`/execute/${Id}`]["post"];

/** Exactly what `POST /execute/{id}` accepts as `input` for that tool. */
export type ToolInput<Id extends ToolId> = JsonBody<ExecuteOperation<Id>["requestBody"]> extends { input: infer Input } ? Input : never;

/** Exactly the `output` that tool answers with. */
export type ToolOutput<Id extends ToolId> = DataOf<ExecuteOperation<Id>["responses"][200]> extends { output: infer Output } ? Output : never;

/**
 * Any other tool id: a pack tool (`example.reverse-text`) or one newer than these types. `string & {}` keeps the
 * catalog's ids offered by editors; such a call is checked by the server only.
 */
export type OtherToolId = string & {};

/** What `execute(id, …)` takes as `input`: the tool's own type for a catalog id, any JSON object for another id. */
export type ExecuteInput<Id extends string> = Id extends ToolId ? ToolInput<Id> : Record<string, unknown>;

/** What `execute(id, …)` resolves to: the tool's own output for a catalog id, `unknown` for another id. */
export type ExecuteOutput<Id extends string> = Id extends ToolId ? ToolOutput<Id> : unknown;

/** Tool id → its input and output, for code that wants the whole map. */
export type ToolTypes = { [Id in ToolId]: { input: ToolInput<Id>; output: ToolOutput<Id> } };

/** One entry of `GET /tools`. */
export type ToolSummary = components["schemas"]["ToolSummary"];
/** `GET /tools/{slug}`: one tool with its schemas and examples. */
export type ToolDetail = DataOf<paths["/tools/{slug}"]["get"]["responses"][200]> extends { tool: infer Tool } ? Tool : never;
/** One entry of `GET /keys/current/tools`: a tool the calling key may execute (a pack's as `<pack>.<tool>`). */
export type CallableTool = components["schemas"]["CallableTool"];
/** `GET /marketplace/packs/{id}`: an installed pack with its tools' schemas and examples. */
export type PackDetail = DataOf<paths["/marketplace/packs/{id}"]["get"]["responses"][200]> extends { pack: infer Pack } ? Pack : never;
/** `GET /keys/current`: the calling key, never its secret. */
export type CurrentKey = DataOf<paths["/keys/current"]["get"]["responses"][200]> extends { key: infer Key } ? Key : never;
/** `GET /usage`: the calling key's calls by outcome, per bucket and per tool, with latency percentiles. */
export type KeyUsageReport = DataOf<paths["/usage"]["get"]["responses"][200]> extends { usage: infer Usage } ? Usage : never;
/** What `client.usage()` asks for; every member is optional (default: the last 24 h at the finest kept granularity). */
export interface UsageOptions {
  /** Start of the range: a Date, or an ISO 8601 date or date-time with a zone. */
  readonly from?: Date | string;
  /** End of the range (exclusive), as `from`. */
  readonly to?: Date | string;
  readonly granularity?: "minute" | "hour" | "day";
  /** Only this tool id. */
  readonly tool?: string;
}
/** One problem of an `invalid_input` answer. */
export type InputIssue = components["schemas"]["InputIssue"];
/** Every `error_code` the document lists. */
export type ServerErrorCode = components["schemas"]["ErrorCode"];
