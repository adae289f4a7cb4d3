export declare const rsaKeyPairGenerator: import("../../../domain/tool.ts").ToolDefinition<{
    modulusLength: number;
} | {
    modulusLength?: undefined;
}, {
    publicKeyPem: string;
    privateKeyPem: string;
    modulusLength: 2048 | 3072 | 4096;
}>;
