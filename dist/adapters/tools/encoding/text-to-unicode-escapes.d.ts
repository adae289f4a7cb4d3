export declare const textToUnicodeEscapes: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
    format: string;
}, {
    result: string;
}>;
