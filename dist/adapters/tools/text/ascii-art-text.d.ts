export declare const asciiArtText: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
    font: string;
}, {
    art: string;
}>;
