export declare const stringObfuscator: import("../../../domain/tool.ts").ToolDefinition<{
    text: string;
    keepFirst: number;
    keepLast: number;
    keepSpaces: boolean;
    maskChar: string;
}, {
    result: string;
}>;
