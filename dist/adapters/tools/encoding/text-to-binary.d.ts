export declare const textToBinary: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
    separator: string;
}, {
    binary: string;
}>;
