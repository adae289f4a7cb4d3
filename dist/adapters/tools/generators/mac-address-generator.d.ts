declare const SEPARATORS: readonly [":", "-", ""];
interface MacInput {
    count: number;
    separator: (typeof SEPARATORS)[number];
    uppercase: boolean;
    localAdmin: boolean;
    seed?: number;
}
/** Without localAdmin the six bytes are used as drawn, multicast bit included. */
export declare const macAddressGenerator: import("../../../domain/tool.ts").ToolDefinition<MacInput, {
    macs: string[];
}>;
export {};
