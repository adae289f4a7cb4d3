import { type HmacJwtAlgorithm } from "./jwt-hmac.ts";
interface JwtSignInput {
    payload: Record<string, unknown>;
    secret: string;
    algorithm: HmacJwtAlgorithm;
    header?: Record<string, unknown>;
}
export declare const jwtSign: import("../../../domain/tool.ts").ToolDefinition<JwtSignInput, {
    token: string;
    warnings: string[];
}>;
export {};
