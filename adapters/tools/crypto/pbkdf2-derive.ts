import { pbkdf2 } from "node:crypto";
import { promisify } from "node:util";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";
import { BASE64, decodeBase64, decodeHex, HEX } from "./bytes.ts";

/** The cost cap: twice the catalog's largest single-block run, so every default and example fits well inside the time cap. */
const MAX_BLOCK_ITERATIONS = 2_000_000;

const pbkdf2Async = promisify(pbkdf2);
const DIGESTS = ["sha1", "sha256", "sha384", "sha512"] as const;
type Digest = (typeof DIGESTS)[number];
type SaltEncoding = "utf8" | "hex" | "base64";

interface Pbkdf2Input {
  password: string;
  salt: string;
  saltEncoding: SaltEncoding;
  iterations: number;
  keyLength: number;
  digest: Digest;
}

const RFC6070 = "RFC 6070 section 2 (PBKDF2-HMAC-SHA1)";


/** The salt's syntax per encoding, in the schema so that the document says it (utf8, the default, takes any text). */
const SALT_ENCODINGS = [
  { properties: { saltEncoding: { type: "string", const: "utf8" } } },
  { properties: { saltEncoding: { type: "string", const: "hex" }, salt: { type: "string", pattern: HEX.source } }, required: ["saltEncoding"] },
  { properties: { saltEncoding: { type: "string", const: "base64" }, salt: { type: "string", pattern: BASE64.source } }, required: ["saltEncoding"] },
];
export const pbkdf2Derive = defineTool({
  id: "pbkdf2-derive",
  name: "PBKDF2 Derive",
  category: "crypto",
  description: "PBKDF2 key derivation (RFC 8018) with HMAC-SHA-1/256/384/512, up to 1,000,000 iterations.",
  worker: true,
  timeoutMs: 10_000,
  input: {
    type: "object",
    required: ["password", "salt"],
    additionalProperties: false,
    properties: {
      password: { type: "string", maxLength: 65_536 },
      salt: { type: "string", maxLength: 65_536 },
      saltEncoding: { type: "string", enum: ["utf8", "hex", "base64"], default: "utf8" },
      iterations: { type: "integer", minimum: 1, maximum: 1_000_000, default: 600_000, "x-tool-checks": `iterations × output blocks (keyLength ÷ digest size, rounded up) at most ${MAX_BLOCK_ITERATIONS.toLocaleString("en")}` },
      keyLength: { type: "integer", minimum: 1, maximum: 256, default: 32 },
      digest: { type: "string", enum: DIGESTS, default: "sha256" },
    },
    oneOf: SALT_ENCODINGS,
  },
  output: {
    type: "object",
    required: ["derivedKey", "iterations", "keyLength", "digest"],
    additionalProperties: false,
    properties: {
      derivedKey: { type: "string", pattern: "^[0-9a-f]+$" },
      iterations: { type: "integer" },
      keyLength: { type: "integer" },
      digest: { type: "string" },
    },
  },
  examples: [
    rfc6070("1 iteration", "password", "salt", 1, 20, "0c60c80f961f0e71f3a9b524af6012062fe037a6"),
    rfc6070("2 iterations", "password", "salt", 2, 20, "ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957"),
    rfc6070("4096 iterations", "password", "salt", 4096, 20, "4b007901b765489abead49d926f721d065a429c1"),
    rfc6070(
      "long password and salt, 25-byte key",
      "passwordPASSWORDpassword",
      "saltSALTsaltSALTsaltSALTsaltSALTsalt",
      4096,
      25,
      "3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038",
    ),
    rfc6070("embedded NUL bytes, 16-byte key", "pass\u0000word", "sa\u0000lt", 4096, 16, "56fa6aa75548099dcc37d7f03425e0c3"),
    {
      title: "HMAC-SHA-256, 4096 iterations",
      source: "independent: python3 hashlib.pbkdf2_hmac('sha256', b'password', b'salt', 4096, 32)",
      input: { password: "password", salt: "salt", saltEncoding: "utf8", iterations: 4096, keyLength: 32, digest: "sha256" },
      output: { derivedKey: "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a", iterations: 4096, keyLength: 32, digest: "sha256" },
    },
    {
      title: "HMAC-SHA-512, 64-byte key",
      source: "independent: python3 hashlib.pbkdf2_hmac('sha512', b'password', b'salt', 1000, 64)",
      input: { password: "password", salt: "salt", saltEncoding: "utf8", iterations: 1000, keyLength: 64, digest: "sha512" },
      output: {
        derivedKey:
          "afe6c5530785b6cc6b1c6453384731bd5ee432ee549fd42fb6695779ad8a1c5bf59de69c48f774efc4007d5298f9033c0241d5ab69305e7b64eceeb8d834cfec",
        iterations: 1000,
        keyLength: 64,
        digest: "sha512",
      },
    },
    {
      title: "Hex salt with HMAC-SHA-384",
      source: "independent: python3 hashlib.pbkdf2_hmac('sha384', b'correct horse', bytes.fromhex('a1b2c3d4e5f60718'), 10000, 48)",
      input: { password: "correct horse", salt: "a1b2c3d4e5f60718", saltEncoding: "hex", iterations: 10_000, keyLength: 48, digest: "sha384" },
      output: {
        derivedKey: "196b176fad5cc5ea7ec5bf9b4e2e95aaa0ce80a5aac60f95e6c61a4ba249f99df85b51dc6a2d987ffec87ae4873d4693",
        iterations: 10_000,
        keyLength: 48,
        digest: "sha384",
      },
    },
    {
      title: "Base64 salt",
      source: "independent: python3 hashlib.pbkdf2_hmac('sha256', b'hunter2', base64.b64decode('c2FsdHlzYWx0'), 2000, 16)",
      input: { password: "hunter2", salt: "c2FsdHlzYWx0", saltEncoding: "base64", iterations: 2000, keyLength: 16, digest: "sha256" },
      output: { derivedKey: "25ad92fb9bcd07990518c365581d3959", iterations: 2000, keyLength: 16, digest: "sha256" },
    },
    {
      title: "Defaults: HMAC-SHA-256, 600,000 iterations, 32 bytes",
      source: "independent: python3 hashlib.pbkdf2_hmac('sha256', b'password', b'NaCl-0123456789', 600000, 32)",
      input: { password: "password", salt: "NaCl-0123456789" },
      output: { derivedKey: "c89bdf306b2b4f8a34cfeeebada0b024fc9b10eab40a94185f7e9098e664dfb2", iterations: 600_000, keyLength: 32, digest: "sha256" },
    },
  ],
  run: async ({ password, salt, saltEncoding, iterations, keyLength, digest }: Pbkdf2Input) => {
    const saltBytes = toSaltBytes(salt, saltEncoding);
    if (!saltBytes) return err(invalidField("salt", `The salt is not valid ${saltEncoding === "hex" ? "hex" : "padded base64"}.`));
    // PBKDF2 runs all its iterations once per digest-sized block of output, so the cost is iterations × blocks.
    const blocks = Math.ceil(keyLength / DIGEST_BYTES[digest]);
    if (iterations * blocks > MAX_BLOCK_ITERATIONS) {
      return err(invalidField("iterations", `iterations × output blocks (${keyLength} bytes of ${digest} = ${blocks} blocks) must be at most ${MAX_BLOCK_ITERATIONS.toLocaleString("en")}.`));
    }
    // The async API runs on the libuv pool, so even an inline call leaves the event loop free.
    const key = await pbkdf2Async(Buffer.from(password, "utf8"), saltBytes, iterations, keyLength, digest);
    return ok({ derivedKey: key.toString("hex"), iterations, keyLength, digest });
  },
});

/** Output bytes per PBKDF2 block, per digest. */
const DIGEST_BYTES = { sha1: 20, sha256: 32, sha384: 48, sha512: 64 } as const;

function toSaltBytes(salt: string, encoding: SaltEncoding): Buffer | undefined {
  if (encoding === "hex") return decodeHex(salt);
  if (encoding === "base64") return decodeBase64(salt);
  return Buffer.from(salt, "utf8");
}

function rfc6070(what: string, password: string, salt: string, iterations: number, keyLength: number, derivedKey: string) {
  return {
    title: `RFC 6070 HMAC-SHA-1, ${what}`,
    source: RFC6070,
    input: { password, salt, saltEncoding: "utf8" as const, iterations, keyLength, digest: "sha1" as const },
    output: { derivedKey, iterations, keyLength, digest: "sha1" },
  };
}
