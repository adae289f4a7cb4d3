export declare const base64Encode: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
    urlSafe: boolean;
}, {
    base64: string;
}>;
