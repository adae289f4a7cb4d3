/** A validator: an invalid `ip` is a 200 with valid false; an invalid entry of `cidrs` is the caller's error (422). */
export declare const ipAddressInfo: import("../../../domain/tool.ts").ToolDefinition<{
    ip: string;
    cidrs: string[];
}, {
    valid: boolean;
    version: number;
    normalized: string;
    range: string;
    matches: string[];
} | {
    valid: boolean;
    version: null;
    normalized: null;
    range: null;
    matches: never[];
}>;
