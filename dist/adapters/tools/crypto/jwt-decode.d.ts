export declare const jwtDecode: import("../../../domain/tool.ts").ToolDefinition<{
    token: string;
}, {
    issuedAt: string | null;
    expiresAt: string | null;
    notBefore: string | null;
    header: import("jose").ProtectedHeaderParameters;
    payload: import("jose").JWTPayload;
    signature: string;
}>;
