import { type CipherGCMTypes, createCipheriv } from "node:crypto";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { AES_MODES, type AesMode, type AesParams, GCM_TAG_BYTES, IV_HEX_LENGTH, IV_SCHEMA, KEY_SCHEMA, modeAlternatives, readIv, toAesParams } from "./aes-params.ts";

interface AesEncryptInput {
  plaintext: string;
  key: string;
  mode: AesMode;
  iv?: string;
  aad?: string;
}

const ZERO_128 = "00".repeat(16);
const ZERO_256 = "00".repeat(32);
const ZERO_NONCE = "00".repeat(12);
const GCM_SPEC = "McGrew & Viega, The Galois/Counter Mode of Operation (GCM), appendix B";
const PY = "independent: python3 cryptography 48";
const K128 = "2b7e151628aed2a6abf7158809cf4f3c";
const K256 = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4";
const IV = "000102030405060708090a0b0c0d0e0f";
const CTR_IV = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

export const aesEncrypt = defineTool({
  id: "aes-encrypt",
  name: "AES Encrypt",
  category: "crypto",
  description:
    "AES-GCM, -CBC (PKCS#7) or -CTR encryption of UTF-8 text with a raw hex key. Leave `iv` out: a reused IV breaks GCM and CTR.",
  input: {
    type: "object",
    required: ["plaintext", "key"],
    additionalProperties: false,
    properties: {
      plaintext: { type: "string", maxLength: 1_048_576 },
      key: KEY_SCHEMA,
      mode: { type: "string", enum: AES_MODES, default: "gcm" },
      iv: IV_SCHEMA,
      aad: { type: "string", maxLength: 65_536 },
    },
    oneOf: modeAlternatives("encrypt"),
  },
  output: {
    type: "object",
    required: ["algorithm", "ciphertext", "iv", "authTag"],
    additionalProperties: false,
    properties: {
      algorithm: { type: "string", pattern: "^aes-(128|192|256)-(gcm|cbc|ctr)$" },
      ciphertext: { type: "string" },
      iv: { type: "string", pattern: "^[0-9a-f]+$" },
      authTag: { type: ["string", "null"], pattern: "^[0-9a-f]{32}$" },
    },
  },
  examples: [
    {
      title: "GCM spec test case 2: AES-128, zero key, 16 zero bytes",
      source: `${GCM_SPEC}, test case 2`,
      input: { plaintext: "\u0000".repeat(16), key: ZERO_128, mode: "gcm", iv: ZERO_NONCE },
      output: { algorithm: "aes-128-gcm", ciphertext: "A4jazmC2o5LzKMK5cbL+eA==", iv: ZERO_NONCE, authTag: "ab6e47d42cec13bdf53a67b21257bddf" },
    },
    {
      title: "GCM spec test case 1: AES-128, empty plaintext (tag only)",
      source: `${GCM_SPEC}, test case 1`,
      input: { plaintext: "", key: ZERO_128, mode: "gcm", iv: ZERO_NONCE },
      output: { algorithm: "aes-128-gcm", ciphertext: "", iv: ZERO_NONCE, authTag: "58e2fccefa7e3061367f1d57a4e7455a" },
    },
    {
      title: "GCM spec test case 14: AES-256, 16 zero bytes",
      source: `${GCM_SPEC}, test case 14`,
      input: { plaintext: "\u0000".repeat(16), key: ZERO_256, mode: "gcm", iv: ZERO_NONCE },
      output: { algorithm: "aes-256-gcm", ciphertext: "zqdAPU1ga24HTsXTuvOdGA==", iv: ZERO_NONCE, authTag: "d0d1c8a799996bf0265b98b5d48ab919" },
    },
    {
      title: "GCM spec test case 8: AES-192, 16 zero bytes",
      source: `${GCM_SPEC}, test case 8`,
      input: { plaintext: "\u0000".repeat(16), key: "00".repeat(24), mode: "gcm", iv: ZERO_NONCE },
      output: { algorithm: "aes-192-gcm", ciphertext: "mOckfAfw/kEcJn5DhLD2AA==", iv: ZERO_NONCE, authTag: "2ff58d80033927ab8ef4d4587514f0fb" },
    },
    {
      title: "AES-256-GCM of text with additional authenticated data",
      source: `${PY}: AESGCM(key).encrypt(iv, b'Hello, world!', b'header-v1')`,
      input: { plaintext: "Hello, world!", key: K256, mode: "gcm", iv: "cafebabefacedbaddecaf888", aad: "header-v1" },
      output: { algorithm: "aes-256-gcm", ciphertext: "70KEHIBq8Qz57BYf9g==", iv: "cafebabefacedbaddecaf888", authTag: "ba601167269c6e1d6977d18c0bde234d" },
    },
    {
      title: "AES-128-CBC with PKCS#7 padding (SP 800-38A key and IV)",
      source: "independent: openssl enc -aes-128-cbc -K 2b7e…4f3c -iv 0001…0e0f (also python3 cryptography)",
      input: { plaintext: "Hello, world!", key: K128, mode: "cbc", iv: IV },
      output: { algorithm: "aes-128-cbc", ciphertext: "Axpe8OS8d1bszF4sQ48dbQ==", iv: IV, authTag: null },
    },
    {
      title: "AES-256-CBC of a 43-byte text",
      source: "independent: openssl enc -aes-256-cbc -K 603d…dff4 -iv 0001…0e0f (also python3 cryptography)",
      input: { plaintext: "The quick brown fox jumps over the lazy dog", key: K256, mode: "cbc", iv: IV },
      output: { algorithm: "aes-256-cbc", ciphertext: "mT9IyBeUbQzLodfFOBPPhEHmE9LLR2RdwYJYhK3ZucmwsqNZbs1gHfcmu6pcCHty", iv: IV, authTag: null },
    },
    {
      title: "AES-128-CBC: a full block still gets a padding block",
      source: "independent: openssl enc -aes-128-cbc (also python3 cryptography)",
      input: { plaintext: "exactly16bytes!!", key: K128, mode: "cbc", iv: IV },
      output: { algorithm: "aes-128-cbc", ciphertext: "Cs3ZhIrHOpu8fS1pC7dQ7I+nGyvbJD9j3AQPFT+RipA=", iv: IV, authTag: null },
    },
    {
      title: "AES-128-CTR with the SP 800-38A initial counter block",
      source: "independent: openssl enc -aes-128-ctr -K 2b7e…4f3c -iv f0f1…feff (also python3 cryptography)",
      input: { plaintext: "Hello, world!", key: K128, mode: "ctr", iv: CTR_IV },
      output: { algorithm: "aes-128-ctr", ciphertext: "pOmzH/dMXMedoHoRyw==", iv: CTR_IV, authTag: null },
    },
    {
      title: "AES-256-CTR of non-ASCII text (encrypted as UTF-8)",
      source: "independent: openssl enc -aes-256-ctr -K 603d…dff4 -iv f0f1…feff (also python3 cryptography)",
      input: { plaintext: "héllo wörld €", key: K256, mode: "ctr", iv: CTR_IV },
      output: { algorithm: "aes-256-ctr", ciphertext: "YxzUnTV4NkSdLPl5rEAngPY=", iv: CTR_IV, authTag: null },
    },
    {
      title: "AES-256-GCM with a random IV (output differs on every call)",
      input: { plaintext: "attack at dawn", key: K256, mode: "gcm" },
    },
  ],
  run: ({ plaintext, key, mode, iv, aad }: AesEncryptInput, context: ToolContext) => {
    if (aad !== undefined && mode !== "gcm") return err(invalidField("aad", "Additional authenticated data applies to gcm only."));
    const ivBytes = iv === undefined ? ok(Buffer.from(context.randomBytes(IV_HEX_LENGTH[mode] / 2))) : readIv(iv, mode);
    if (!ivBytes.ok) return ivBytes;
    const params = toAesParams(key, mode);
    const { ciphertext, authTag } = encrypt(params, ivBytes.value, plaintext, aad);
    return ok({ algorithm: params.algorithm, ciphertext: ciphertext.toString("base64"), iv: ivBytes.value.toString("hex"), authTag });
  },
});

function encrypt(params: AesParams, iv: Buffer, plaintext: string, aad: string | undefined) {
  if (params.mode !== "gcm") {
    const cipher = createCipheriv(params.algorithm, params.key, iv);
    return { ciphertext: Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]), authTag: null };
  }
  const cipher = createCipheriv(params.algorithm as CipherGCMTypes, params.key, iv, { authTagLength: GCM_TAG_BYTES });
  if (aad !== undefined) cipher.setAAD(Buffer.from(aad, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return { ciphertext, authTag: cipher.getAuthTag().toString("hex") };
}
