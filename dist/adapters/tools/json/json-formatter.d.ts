/**
 * JSON.parse semantics apply: integers beyond 2^53 lose precision and the last of duplicate keys wins,
 * as in every JavaScript JSON tool.
 */
export declare const jsonFormatter: import("../../../domain/tool.ts").ToolDefinition<{
    json: string;
    indent: number;
}, {
    formatted: string;
}>;
