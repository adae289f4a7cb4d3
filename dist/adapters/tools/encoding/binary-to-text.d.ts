export declare const binaryToText: import("../../../domain/tool.ts").ToolDefinition<{
    binary: string;
}, {
    text: string;
}>;
