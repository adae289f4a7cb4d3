/** Hexadecimal and binary keep all 8 / 32 digits; octal and decimal carry no prefix or padding. */
export declare const ipv4AddressConverter: import("../../../domain/tool.ts").ToolDefinition<{
    ip: string;
}, {
    decimal: number;
    hexadecimal: string;
    binary: string;
    octal: string;
    ipv6Mapped: string;
    ipv6MappedHex: string;
}>;
