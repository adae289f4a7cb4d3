export declare const textStatistics: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
}, {
    characters: number;
    codePoints: number;
    graphemes: number;
    words: number;
    lines: number;
    bytes: number;
    whitespace: number;
}>;
