import { invalidField, type DomainError } from "../../../domain/errors.ts";
import { err, ok, type Result } from "../../../domain/result.ts";
import { decodeHex } from "./bytes.ts";

export const AES_MODES = ["gcm", "cbc", "ctr"] as const;
export type AesMode = (typeof AES_MODES)[number];

/** Hex characters of the IV each mode takes: the 96-bit nonce GCM is designed for, else one block. */
export const IV_HEX_LENGTH: Record<AesMode, number> = { gcm: 24, cbc: 32, ctr: 32 };

/** GCM tags are always the full 16 bytes; shorter tags weaken the authentication. */
export const GCM_TAG_BYTES = 16;

export const KEY_SCHEMA = { type: "string", pattern: "^(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{48}|[0-9a-fA-F]{64})$", maxLength: 64 } as const;
export const IV_SCHEMA = { type: "string", pattern: "^(?:[0-9a-fA-F]{24}|[0-9a-fA-F]{32})$", maxLength: 32 } as const;

const ivOf = (mode: AesMode) => ({ type: "string", pattern: `^[0-9a-fA-F]{${IV_HEX_LENGTH[mode]}}$` });

/**
 * What each mode takes, in the schema so that the document says it: gcm (also when `mode` is left out) a 24-hex
 * IV and, to decrypt, its tag; cbc and ctr a 32-hex IV and neither a tag nor additional data.
 */
export function modeAlternatives(direction: "encrypt" | "decrypt") {
  const decrypting = direction === "decrypt";
  return [
    {
      properties: { mode: { type: "string", const: "gcm" }, iv: ivOf("gcm"), ...(decrypting ? { authTag: { type: "string" } } : {}) },
      required: decrypting ? ["authTag"] : [],
    },
    ...(["cbc", "ctr"] as const).map((mode) => ({
      properties: { mode: { type: "string", const: mode }, iv: ivOf(mode), aad: false, ...(decrypting ? { authTag: { const: null } } : {}) },
      required: ["mode"],
    })),
  ];
}

export interface AesParams {
  /** The node:crypto cipher name, e.g. `aes-256-gcm`. */
  readonly algorithm: string;
  readonly mode: AesMode;
  readonly key: Buffer;
}

/** The node:crypto cipher name and key bytes for a hex key of 128, 192 or 256 bits. */
export function toAesParams(keyHex: string, mode: AesMode): AesParams {
  const key = decodeHex(keyHex) ?? Buffer.alloc(0);
  return { algorithm: `aes-${key.length * 8}-${mode}`, mode, key };
}

/** The IV bytes, or a field error naming the length this mode needs. */
export function readIv(ivHex: string, mode: AesMode): Result<Buffer, DomainError> {
  if (ivHex.length !== IV_HEX_LENGTH[mode]) {
    return err(invalidField("iv", `The ${mode} IV must be ${IV_HEX_LENGTH[mode]} hex characters (${IV_HEX_LENGTH[mode] / 2} bytes).`));
  }
  return ok(Buffer.from(ivHex, "hex"));
}
