export declare const numeronymGenerator: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
}, {
    numeronym: string;
}>;
