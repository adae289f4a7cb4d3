import { hash } from "node:crypto";
import { ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

const ALGORITHMS = ["md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3-256", "sha3-384", "sha3-512", "ripemd160"] as const;
type Algorithm = (typeof ALGORITHMS)[number];

export const hashText = defineTool({
  id: "hash-text",
  name: "Hash Text",
  category: "crypto",
  description: "Hash UTF-8 text with one digest algorithm.",
  input: {
    type: "object",
    required: ["algorithm", "text"],
    additionalProperties: false,
    properties: {
      algorithm: { type: "string", enum: ALGORITHMS },
      text: { type: "string", maxLength: 1_048_576 },
    },
  },
  output: {
    type: "object",
    required: ["algorithm", "digest"],
    additionalProperties: false,
    properties: { algorithm: { type: "string" }, digest: { type: "string", pattern: "^[0-9a-f]+$" } },
  },
  examples: [
    {
      title: "SHA-256 of abc (FIPS 180-2)",
      source: "FIPS 180-2 appendix B.1",
      input: { algorithm: "sha256", text: "abc" },
      output: { algorithm: "sha256", digest: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
    },
    {
      title: "SHA-256 of hello world",
      source: "sha256sum of the 11 bytes 'hello world'",
      input: { algorithm: "sha256", text: "hello world" },
      output: { algorithm: "sha256", digest: "b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9" },
    },
    {
      title: "MD5 of the empty string (RFC 1321)",
      source: "RFC 1321 appendix A.5",
      input: { algorithm: "md5", text: "" },
      output: { algorithm: "md5", digest: "d41d8cd98f00b204e9800998ecf8427e" },
    },
    {
      title: "SHA-1 of abc (FIPS 180-2)",
      source: "FIPS 180-2 appendix A.1",
      input: { algorithm: "sha1", text: "abc" },
      output: { algorithm: "sha1", digest: "a9993e364706816aba3e25717850c26c9cd0d89d" },
    },
    {
      title: "SHA3-256 of abc (FIPS 202)",
      source: "NIST FIPS 202 example values",
      input: { algorithm: "sha3-256", text: "abc" },
      output: { algorithm: "sha3-256", digest: "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
    },
    {
      title: "RIPEMD-160 of abc",
      source: "RIPEMD-160 reference test vectors (Dobbertin, Bosselaers, Preneel)",
      input: { algorithm: "ripemd160", text: "abc" },
      output: { algorithm: "ripemd160", digest: "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc" },
    },
  ],
  // The one-shot form: a third of createHash's cost for short texts (no Hash object per call).
  run: ({ algorithm, text }: { algorithm: Algorithm; text: string }) => ok({ algorithm, digest: hash(algorithm, text, "hex") }),
});
