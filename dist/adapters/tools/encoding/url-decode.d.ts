export declare const urlDecode: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
    plusAsSpace: boolean;
}, {
    decoded: string;
}>;
