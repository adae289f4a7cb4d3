import { type AesMode } from "./aes-params.ts";
interface AesEncryptInput {
    plaintext: string;
    key: string;
    mode: AesMode;
    iv?: string;
    aad?: string;
}
export declare const aesEncrypt: import("../../../domain/tool.ts").ToolDefinition<AesEncryptInput, {
    algorithm: string;
    ciphertext: string;
    iv: string;
    authTag: string;
} | {
    algorithm: string;
    ciphertext: string;
    iv: string;
    authTag: null;
}>;
export {};
