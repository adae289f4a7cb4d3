type Input = {
    width: number;
    height: number;
    targetWidth?: number;
    targetHeight?: number;
};
export declare const aspectRatioCalculator: import("../../../domain/tool.ts").ToolDefinition<Input, {
    ratio: string;
    decimal: number;
    targetWidth: number;
    targetHeight: number;
} | {
    ratio: string;
    decimal: number;
    targetWidth: null;
    targetHeight: null;
}>;
export {};
