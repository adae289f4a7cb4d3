type Algorithm = "SHA1" | "SHA256" | "SHA512";
interface TotpInput {
    secret: string;
    timestamp?: number;
    digits: number;
    period: number;
    algorithm: Algorithm;
    issuer?: string;
    label?: string;
}
interface TotpOutput {
    token: string;
    counter: number;
    remainingSeconds: number;
    otpauthUri: string;
}
export declare const totpGenerator: import("../../../domain/tool.ts").ToolDefinition<Partial<TotpInput>, TotpOutput>;
export {};
