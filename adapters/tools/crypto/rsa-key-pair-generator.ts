import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

const generateKeyPairAsync = promisify(generateKeyPair);
const PEM = (label: string) => `^-----BEGIN ${label}-----\\n[A-Za-z0-9+/=\\n]+-----END ${label}-----\\n$`;

export const rsaKeyPairGenerator = defineTool({
  id: "rsa-key-pair-generator",
  name: "RSA Key Pair Generator",
  category: "crypto",
  description: "Generate an RSA key pair (public exponent 65537) as PEM: SPKI public key, unencrypted PKCS#8 private key.",
  // Prime search is slow (4096 bits took 1.8 s, with high variance); the pool caps how many run at once.
  worker: true,
  timeoutMs: 20_000,
  input: {
    type: "object",
    additionalProperties: false,
    properties: { modulusLength: { type: "integer", enum: [2048, 3072, 4096], default: 2048 } },
  },
  output: {
    type: "object",
    required: ["publicKeyPem", "privateKeyPem", "modulusLength"],
    additionalProperties: false,
    properties: {
      publicKeyPem: { type: "string", pattern: PEM("PUBLIC KEY") },
      privateKeyPem: { type: "string", pattern: PEM("PRIVATE KEY") },
      modulusLength: { type: "integer", enum: [2048, 3072, 4096] },
    },
  },
  examples: [
    { title: "A 2048-bit key pair (random: only the shape is checked)", input: { modulusLength: 2048 } },
    { title: "The default size is 2048 bits (random)", input: {} },
  ],
  run: async ({ modulusLength }: { modulusLength: 2048 | 3072 | 4096 }) => {
    // Key generation uses OpenSSL's own CSPRNG; RSA keys are never seeded.
    const { publicKey, privateKey } = await generateKeyPairAsync("rsa", {
      modulusLength,
      publicExponent: 0x10001,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    return ok({ publicKeyPem: publicKey, privateKeyPem: privateKey, modulusLength });
  },
});
