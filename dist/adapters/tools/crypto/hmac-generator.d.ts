export declare const hmacGenerator: import("../../../domain/tool.ts").ToolDefinition<{
    key: string;
    text: string;
    algorithm: string;
    encoding: string;
}, {
    algorithm: string;
    hmac: string;
}>;
