type Input = {
    width: number;
    height: number;
    backgroundColor: string;
    textColor: string;
    text?: string;
    fontSize?: number;
    fontFamily: string;
};
export declare const svgPlaceholderGenerator: import("../../../domain/tool.ts").ToolDefinition<Input, {
    svg: string;
    dataUri: string;
}>;
export {};
