import { type HmacJwtAlgorithm } from "./jwt-hmac.ts";
interface JwtVerifyInput {
    token: string;
    secret: string;
    algorithms: HmacJwtAlgorithm[];
    currentTime?: number;
    clockToleranceSeconds: number;
}
interface JwtVerifyOutput {
    valid: boolean;
    header: Record<string, unknown> | null;
    payload: Record<string, unknown> | null;
    error: {
        code: string;
        message: string;
    } | null;
}
export declare const jwtVerify: import("../../../domain/tool.ts").ToolDefinition<Partial<JwtVerifyInput>, JwtVerifyOutput>;
export {};
