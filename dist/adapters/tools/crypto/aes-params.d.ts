import { type DomainError } from "../../../domain/errors.ts";
import { type Result } from "../../../domain/result.ts";
export declare const AES_MODES: readonly ["gcm", "cbc", "ctr"];
export type AesMode = (typeof AES_MODES)[number];
/** Hex characters of the IV each mode takes: the 96-bit nonce GCM is designed for, else one block. */
export declare const IV_HEX_LENGTH: Record<AesMode, number>;
/** GCM tags are always the full 16 bytes; shorter tags weaken the authentication. */
export declare const GCM_TAG_BYTES = 16;
export declare const KEY_SCHEMA: {
    readonly type: "string";
    readonly pattern: "^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{48}|[0-9a-fA-F]{64})$";
    readonly maxLength: 64;
};
export declare const IV_SCHEMA: {
    readonly type: "string";
    readonly pattern: "^(?:[0-9a-fA-F]{24}|[0-9a-fA-F]{32})$";
    readonly maxLength: 32;
};
export interface AesParams {
    /** The node:crypto cipher name, e.g. `aes-256-gcm`. */
    readonly algorithm: string;
    readonly mode: AesMode;
    readonly key: Buffer;
}
/** The node:crypto cipher name and key bytes for a hex key of 128, 192 or 256 bits. */
export declare function toAesParams(keyHex: string, mode: AesMode): AesParams;
/** The IV bytes, or a field error naming the length this mode needs. */
export declare function readIv(ivHex: string, mode: AesMode): Result<Buffer, DomainError>;
