/** The greedy cover is also the smallest one: every block is as large as alignment and the range allow. */
export declare const ipRangeToCidr: import("../../../domain/tool.ts").ToolDefinition<{
    startIp: string;
    endIp: string;
}, {
    cidrs: string[];
    totalAddresses: number;
}>;
