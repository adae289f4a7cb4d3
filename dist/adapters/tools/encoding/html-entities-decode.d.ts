export declare const htmlEntitiesDecode: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
}, {
    decoded: string;
}>;
