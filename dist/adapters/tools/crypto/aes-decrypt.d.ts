import { type AesMode } from "./aes-params.ts";
interface AesDecryptInput {
    ciphertext: string;
    key: string;
    mode: AesMode;
    iv: string;
    authTag?: string | null;
    aad?: string;
}
export declare const aesDecrypt: import("../../../domain/tool.ts").ToolDefinition<AesDecryptInput, {
    plaintext: string;
}>;
export {};
