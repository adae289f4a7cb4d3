/** Reads the query string only; the link is never followed. */
export declare const safelinkDecoder: import("../../../domain/tool.ts").ToolDefinition<{
    url: string;
}, {
    decodedUrl: string;
    provider: string;
}>;
