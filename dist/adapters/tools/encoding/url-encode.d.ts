export declare const urlEncode: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
    mode: string;
}, {
    encoded: string;
}>;
