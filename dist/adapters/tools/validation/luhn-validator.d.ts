export declare const luhnValidator: import("../../../domain/tool.ts").ToolDefinition<{
    number: string;
}, {
    valid: boolean;
    checkDigit: number;
    length: number;
}>;
