export declare const hashText: import("../../../domain/tool.ts").ToolDefinition<{
    algorithm: string;
    text: string;
}, {
    algorithm: string;
    digest: string;
}>;
