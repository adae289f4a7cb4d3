/** `range` classifies the address as given (ipaddr.js names), so 192.0.2.7/24 reports "reserved" (TEST-NET-1). */
export declare const ipv4SubnetCalculator: import("../../../domain/tool.ts").ToolDefinition<{
    cidr: string;
}, {
    networkAddress: string;
    broadcastAddress: string;
    subnetMask: string;
    wildcardMask: string;
    firstHost: string;
    lastHost: string;
    prefixLength: number;
    totalAddresses: number;
    usableHosts: number;
    ipClass: string;
    range: string;
}>;
