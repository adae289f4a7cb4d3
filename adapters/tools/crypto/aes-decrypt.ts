import { type CipherGCMTypes, createDecipheriv } from "node:crypto";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { AES_MODES, type AesMode, type AesParams, GCM_TAG_BYTES, IV_SCHEMA, KEY_SCHEMA, modeAlternatives, readIv, toAesParams } from "./aes-params.ts";
import { decodeBase64, decodeUtf8 } from "./bytes.ts";

interface AesDecryptInput {
  ciphertext: string;
  key: string;
  mode: AesMode;
  iv: string;
  authTag?: string | null;
  aad?: string;
}

// One message for a bad tag, bad padding and bad UTF-8 alike, so the answer is no padding oracle.
const DECRYPTION_FAILED = "Decryption failed: wrong key, IV, tag or AAD, or the ciphertext was altered.";
const ZERO_NONCE = "00".repeat(12);
const GCM_SPEC = "McGrew & Viega, The Galois/Counter Mode of Operation (GCM), appendix B";
const K128 = "2b7e151628aed2a6abf7158809cf4f3c";
const K256 = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4";
const IV = "000102030405060708090a0b0c0d0e0f";
const CTR_IV = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

export const aesDecrypt = defineTool({
  id: "aes-decrypt",
  name: "AES Decrypt",
  category: "crypto",
  description: "Decrypt the output of aes-encrypt (GCM, CBC or CTR) back to UTF-8 text. Every decryption failure gets the same message.",
  input: {
    type: "object",
    required: ["ciphertext", "key", "iv"],
    additionalProperties: false,
    properties: {
      ciphertext: { type: "string", maxLength: 1_500_000, "x-tool-checks": "base64 ciphertext made with this key, IV, mode (and tag)" },
      key: KEY_SCHEMA,
      mode: { type: "string", enum: AES_MODES, default: "gcm" },
      iv: IV_SCHEMA,
      authTag: { type: ["string", "null"], pattern: "^[0-9a-fA-F]{32}$", maxLength: 32 },
      aad: { type: "string", maxLength: 65_536 },
    },
    oneOf: modeAlternatives("decrypt"),
  },
  output: {
    type: "object",
    required: ["plaintext"],
    additionalProperties: false,
    properties: { plaintext: { type: "string" } },
  },
  examples: [
    {
      title: "GCM spec test case 2 decrypts to 16 zero bytes",
      source: `${GCM_SPEC}, test case 2`,
      input: { ciphertext: "A4jazmC2o5LzKMK5cbL+eA==", key: "00".repeat(16), mode: "gcm", iv: ZERO_NONCE, authTag: "ab6e47d42cec13bdf53a67b21257bddf" },
      output: { plaintext: "\u0000".repeat(16) },
    },
    {
      title: "GCM spec test case 13: an AES-256 tag over nothing",
      source: `${GCM_SPEC}, test case 13`,
      input: { ciphertext: "", key: "00".repeat(32), mode: "gcm", iv: ZERO_NONCE, authTag: "530f8afbc74536b9a963b4f1c4cb738b" },
      output: { plaintext: "" },
    },
    {
      title: "AES-256-GCM with additional authenticated data",
      source: "independent: python3 cryptography 48, AESGCM(key).encrypt(iv, b'Hello, world!', b'header-v1')",
      input: {
        ciphertext: "70KEHIBq8Qz57BYf9g==",
        key: K256,
        mode: "gcm",
        iv: "cafebabefacedbaddecaf888",
        authTag: "ba601167269c6e1d6977d18c0bde234d",
        aad: "header-v1",
      },
      output: { plaintext: "Hello, world!" },
    },
    {
      title: "AES-128-GCM of text",
      source: "independent: python3 cryptography 48, AESGCM(key).encrypt(iv, b'attack at dawn', None)",
      input: { ciphertext: "YHITdDc3NbQyRvxHP2I=", key: K128, mode: "gcm", iv: "cafebabefacedbaddecaf888", authTag: "c1f716626de7bf0867586ab6bba8ec93" },
      output: { plaintext: "attack at dawn" },
    },
    {
      title: "AES-192-CBC with PKCS#7 padding",
      source: "independent: openssl enc -aes-192-cbc -K 8e73…6b7b -iv 0001…0e0f (also python3 cryptography)",
      input: {
        ciphertext: "4MphQphHJSnTOnHjn2KJJuDZxxReksCTBjdn7gmWAxs=",
        key: "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
        mode: "cbc",
        iv: IV,
      },
      output: { plaintext: "AES-192 in CBC mode" },
    },
    {
      title: "AES-256-CBC; authTag null as aes-encrypt returns it",
      source: "independent: openssl enc -aes-256-cbc -K 603d…dff4 -iv 0001…0e0f",
      input: {
        ciphertext: "mT9IyBeUbQzLodfFOBPPhEHmE9LLR2RdwYJYhK3ZucmwsqNZbs1gHfcmu6pcCHty",
        key: K256,
        mode: "cbc",
        iv: IV,
        authTag: null,
      },
      output: { plaintext: "The quick brown fox jumps over the lazy dog" },
    },
    {
      title: "AES-256-CTR back to UTF-8 text",
      source: "independent: openssl enc -aes-256-ctr -K 603d…dff4 -iv f0f1…feff",
      input: { ciphertext: "YxzUnTV4NkSdLPl5rEAngPY=", key: K256, mode: "ctr", iv: CTR_IV },
      output: { plaintext: "héllo wörld €" },
    },
  ],
  run: ({ ciphertext, key, mode, iv, authTag, aad }: AesDecryptInput) => {
    if (mode === "gcm" && (authTag === undefined || authTag === null)) return err(invalidField("authTag", "gcm needs the authTag."));
    if (mode !== "gcm" && typeof authTag === "string") return err(invalidField("authTag", "authTag applies to gcm only."));
    if (mode !== "gcm" && aad !== undefined) return err(invalidField("aad", "Additional authenticated data applies to gcm only."));
    const ivBytes = readIv(iv, mode);
    if (!ivBytes.ok) return ivBytes;
    const bytes = decodeBase64(ciphertext);
    if (!bytes) return err(invalidField("ciphertext", "The ciphertext is not valid padded base64."));
    const plaintext = decrypt(toAesParams(key, mode), ivBytes.value, bytes, authTag ?? undefined, aad);
    return plaintext === undefined ? err(invalidField("ciphertext", DECRYPTION_FAILED)) : ok({ plaintext });
  },
});

function decrypt(params: AesParams, iv: Buffer, bytes: Buffer, authTag: string | undefined, aad: string | undefined): string | undefined {
  try {
    if (params.mode !== "gcm") {
      const decipher = createDecipheriv(params.algorithm, params.key, iv);
      return decodeUtf8(Buffer.concat([decipher.update(bytes), decipher.final()]));
    }
    const decipher = createDecipheriv(params.algorithm as CipherGCMTypes, params.key, iv, { authTagLength: GCM_TAG_BYTES });
    decipher.setAuthTag(Buffer.from(authTag ?? "", "hex"));
    if (aad !== undefined) decipher.setAAD(Buffer.from(aad, "utf8"));
    return decodeUtf8(Buffer.concat([decipher.update(bytes), decipher.final()]));
  } catch {
    return undefined;
  }
}
