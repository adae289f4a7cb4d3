/** `range` classifies the address as given (ipaddr.js names); text forms follow RFC 5952. */
export declare const ipv6SubnetCalculator: import("../../../domain/tool.ts").ToolDefinition<{
    cidr: string;
}, {
    network: string;
    networkExpanded: string;
    firstAddress: string;
    lastAddress: string;
    addressCompressed: string;
    addressExpanded: string;
    prefixLength: number;
    totalAddresses: string;
    range: string;
}>;
