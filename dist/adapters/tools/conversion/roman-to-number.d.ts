export declare const romanToNumber: import("../../../domain/tool.ts").ToolDefinition<{
    roman: string;
}, {
    number: number;
}>;
