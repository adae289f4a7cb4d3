export declare const numberToRoman: import("../../../domain/tool.ts").ToolDefinition<{
    number: number;
}, {
    roman: string;
}>;
