export declare const base64Decode: import("../../../domain/tool.ts").ToolDefinition<{
    base64: string;
}, {
    text: string;
    byteLength: number;
}>;
