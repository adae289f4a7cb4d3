import { createHmac } from "node:crypto";
import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

const ALGORITHMS = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3-256", "sha3-512"] as const;
type Algorithm = (typeof ALGORITHMS)[number];
type Encoding = "hex" | "base64";

// RFC 4231 test cases 1 and 2 are the only ones whose keys and data are valid UTF-8 text.
const TC1_KEY = "\u000b".repeat(20);
const JEFE = { key: "Jefe", text: "what do ya want for nothing?" };

export const hmacGenerator = defineTool({
  id: "hmac-generator",
  name: "HMAC Generator",
  category: "crypto",
  description: "HMAC of a UTF-8 text with a UTF-8 secret key.",
  input: {
    type: "object",
    required: ["text", "key"],
    additionalProperties: false,
    properties: {
      text: { type: "string", maxLength: 1_048_576 },
      key: { type: "string", maxLength: 65_536 },
      algorithm: { type: "string", enum: ALGORITHMS, default: "sha256" },
      encoding: { type: "string", enum: ["hex", "base64"], default: "hex" },
    },
  },
  output: {
    type: "object",
    required: ["algorithm", "hmac"],
    additionalProperties: false,
    properties: { algorithm: { type: "string" }, hmac: { type: "string" } },
  },
  examples: [
    {
      title: "HMAC-SHA-256, RFC 4231 test case 2",
      source: "RFC 4231 section 4.3",
      input: { ...JEFE, algorithm: "sha256", encoding: "hex" },
      output: { algorithm: "sha256", hmac: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
    },
    {
      title: "HMAC-SHA-512, RFC 4231 test case 2",
      source: "RFC 4231 section 4.3",
      input: { ...JEFE, algorithm: "sha512", encoding: "hex" },
      output: {
        algorithm: "sha512",
        hmac: "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
      },
    },
    {
      title: "HMAC-SHA-224, RFC 4231 test case 2",
      source: "RFC 4231 section 4.3",
      input: { ...JEFE, algorithm: "sha224", encoding: "hex" },
      output: { algorithm: "sha224", hmac: "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44" },
    },
    {
      title: "HMAC-SHA-384, RFC 4231 test case 1 (key of twenty 0x0b bytes)",
      source: "RFC 4231 section 4.2",
      input: { text: "Hi There", key: TC1_KEY, algorithm: "sha384", encoding: "hex" },
      output: {
        algorithm: "sha384",
        hmac: "afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6",
      },
    },
    {
      title: "HMAC-SHA-256, RFC 4231 test case 1",
      source: "RFC 4231 section 4.2",
      input: { text: "Hi There", key: TC1_KEY, algorithm: "sha256", encoding: "hex" },
      output: { algorithm: "sha256", hmac: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7" },
    },
    {
      title: "HMAC-MD5, RFC 2202 test case 2",
      source: "RFC 2202 section 2",
      input: { ...JEFE, algorithm: "md5", encoding: "hex" },
      output: { algorithm: "md5", hmac: "750c783e6ab0b503eaa86e310a5db738" },
    },
    {
      title: "HMAC-SHA-1, RFC 2202 test case 2",
      source: "RFC 2202 section 3",
      input: { ...JEFE, algorithm: "sha1", encoding: "hex" },
      output: { algorithm: "sha1", hmac: "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79" },
    },
    {
      title: "HMAC-SHA-256 in base64",
      source: "independent: python3 base64.b64encode(hmac.new(b'key', b'The quick brown fox jumps over the lazy dog', 'sha256').digest())",
      input: { text: "The quick brown fox jumps over the lazy dog", key: "key", algorithm: "sha256", encoding: "base64" },
      output: { algorithm: "sha256", hmac: "97yD9DBThCSxMpjmqm+xQ+9NWaFJRhdZl0edvC0aPNg=" },
    },
    {
      title: "HMAC-SHA3-256",
      source: "independent: python3 hmac.new(b'key', b'The quick brown fox jumps over the lazy dog', 'sha3_256').hexdigest()",
      input: { text: "The quick brown fox jumps over the lazy dog", key: "key", algorithm: "sha3-256", encoding: "hex" },
      output: { algorithm: "sha3-256", hmac: "8c6e0683409427f8931711b10ca92a506eb1fafa48fadd66d76126f47ac2c333" },
    },
    {
      title: "Non-ASCII key and text are hashed as UTF-8",
      source: "independent: python3 hmac.new('clé'.encode(), 'héllo wörld'.encode(), 'sha256').hexdigest()",
      input: { text: "héllo wörld", key: "clé", algorithm: "sha256", encoding: "hex" },
      output: { algorithm: "sha256", hmac: "0866b94b17948ab572a8d065eebc0d1613bfdb2bae8741af1cc3107e8072bb03" },
    },
  ],
  run: ({ text, key, algorithm, encoding }: { text: string; key: string; algorithm: Algorithm; encoding: Encoding }) =>
    ok({ algorithm, hmac: createHmac(algorithm, Buffer.from(key, "utf8")).update(text, "utf8").digest(encoding) }),
});
