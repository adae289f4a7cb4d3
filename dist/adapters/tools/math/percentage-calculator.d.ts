export declare const percentageCalculator: import("../../../domain/tool.ts").ToolDefinition<{
    operation: string;
    x: number;
    y: number;
}, {
    result: number;
}>;
