export declare const temperatureConverter: import("../../../domain/tool.ts").ToolDefinition<{
    value: number;
    unit: string;
}, {
    celsius: number;
    fahrenheit: number;
    kelvin: number;
    rankine: number;
}>;
