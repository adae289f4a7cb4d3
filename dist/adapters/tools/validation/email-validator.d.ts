/** Syntax only (validator's isEmail defaults): no DNS or MX lookup, the service stays offline. */
export declare const emailValidator: import("../../../domain/tool.ts").ToolDefinition<{
    email: string;
}, {
    valid: boolean;
    localPart: string;
    domain: string;
} | {
    valid: boolean;
    localPart: null;
    domain: null;
}>;
