export declare const htmlEntitiesEncode: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
    mode: string;
}, {
    encoded: string;
}>;
