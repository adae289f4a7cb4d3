export declare const punycodeConverter: import("../../../domain/tool.ts").ToolDefinition<{
    domain: string;
    direction: string;
}, {
    result: string;
}>;
