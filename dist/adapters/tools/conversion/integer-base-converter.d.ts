/** Digits are case-insensitive on input and lowercase on output; there is no size limit beyond the 256 characters. */
export declare const integerBaseConverter: import("../../../domain/tool.ts").ToolDefinition<{
    value: string;
    fromBase: number;
    toBase: number;
}, {
    result: string;
    binary: string;
    octal: string;
    decimal: string;
    hexadecimal: string;
}>;
