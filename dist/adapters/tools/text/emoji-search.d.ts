export declare const emojiSearch: import("../../../domain/tool.ts").ToolDefinition<{
    query: string;
    limit: number;
}, {
    results: {
        emoji: string;
        name: string;
    }[];
}>;
