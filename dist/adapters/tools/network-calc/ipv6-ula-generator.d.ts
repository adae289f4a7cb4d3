interface UlaInput {
    macAddress?: string;
    timestamp?: number;
}
/** Deterministic only with both inputs; otherwise the Global ID is 40 random bits, which §3.2.1 also allows. */
export declare const ipv6UlaGenerator: import("../../../domain/tool.ts").ToolDefinition<UlaInput, {
    prefix: string;
    globalId: string;
    firstSubnet: string;
    lastSubnet: string;
}>;
export {};
