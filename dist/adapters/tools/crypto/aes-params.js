import { invalidField } from "../../../domain/errors.js";
import { err, ok } from "../../../domain/result.js";
import { decodeHex } from "./bytes.js";
export const AES_MODES = ["gcm", "cbc", "ctr"];
/** Hex characters of the IV each mode takes: the 96-bit nonce GCM is designed for, else one block. */
export const IV_HEX_LENGTH = { gcm: 24, cbc: 32, ctr: 32 };
/** GCM tags are always the full 16 bytes; shorter tags weaken the authentication. */
export const GCM_TAG_BYTES = 16;
export const KEY_SCHEMA = { type: "string", pattern: "^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{48}|[0-9a-fA-F]{64})$", maxLength: 64 };
export const IV_SCHEMA = { type: "string", pattern: "^(?:[0-9a-fA-F]{24}|[0-9a-fA-F]{32})$", maxLength: 32 };
/** The node:crypto cipher name and key bytes for a hex key of 128, 192 or 256 bits. */
export function toAesParams(keyHex, mode) {
    const key = decodeHex(keyHex) ?? Buffer.alloc(0);
    return { algorithm: `aes-${key.length * 8}-${mode}`, mode, key };
}
/** The IV bytes, or a field error naming the length this mode needs. */
export function readIv(ivHex, mode) {
    if (ivHex.length !== IV_HEX_LENGTH[mode]) {
        return err(invalidField("iv", `The ${mode} IV must be ${IV_HEX_LENGTH[mode]} hex characters (${IV_HEX_LENGTH[mode] / 2} bytes).`));
    }
    return ok(Buffer.from(ivHex, "hex"));
}
