import { customRandom, urlAlphabet } from "nanoid";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool, type ToolContext } from "../../../domain/tool.ts";
import { SEED_SCHEMA, toByteSource } from "./random-source.ts";

interface NanoidInput {
  size: number;
  alphabet: string;
  count: number;
  seed?: number;
}

// nanoid indexes the alphabet by UTF-16 unit, so a surrogate pair would be split into two broken halves.
const SURROGATE = /[\uD800-\uDFFF]/;

function findAlphabetProblem(alphabet: string): string | undefined {
  if (SURROGATE.test(alphabet)) return "alphabet must not contain characters outside the Basic Multilingual Plane (emoji etc.).";
  if (new Set(alphabet).size !== alphabet.length) return "alphabet characters must be distinct.";
  return undefined;
}

/** customRandom keeps nanoid's unbiased byte-to-symbol mapping; only the byte source changes with a seed. */
export const nanoidGenerator = defineTool({
  id: "nanoid-generator",
  name: "Nano ID Generator",
  category: "generators",
  description: "Generate Nano IDs of a given size from a custom alphabet (default: nanoid's URL-safe 64 symbols).",
  input: {
    type: "object",
    additionalProperties: false,
    properties: {
      size: { type: "integer", minimum: 2, maximum: 256, default: 21 },
      alphabet: { type: "string", minLength: 2, maxLength: 256, default: urlAlphabet, "x-tool-checks": "distinct characters" },
      count: { type: "integer", minimum: 1, maximum: 100, default: 1 },
      seed: { ...SEED_SCHEMA, description: "mulberry32 seed for the random bytes (fixtures only)." },
    },
  },
  output: {
    type: "object",
    required: ["ids"],
    additionalProperties: false,
    properties: { ids: { type: "array", maxItems: 100, items: { type: "string" } } },
  },
  examples: [
    {
      title: "Two seeded IDs with the default URL-safe alphabet",
      source: "python3 port of nanoid 5 customRandom (mask 63, bytes read last to first) fed mulberry32(42) bytes floor(r*256)",
      input: { size: 21, alphabet: urlAlphabet, count: 2, seed: 42 },
      output: { ids: ["pvuVZug8cItvEYdo_FCgA", "UcJ892h03rx_om-Z3n-x9"] },
    },
    {
      title: "Seeded lower-case hex ID",
      source: "python3 port of nanoid 5 customRandom (mask 15) fed mulberry32(42) bytes",
      input: { size: 16, alphabet: "0123456789abcdef", count: 1, seed: 42 },
      output: { ids: ["02ee1f8df56cba29"] },
    },
    {
      title: "Seeded digits-only IDs (rejection sampling, no modulo bias)",
      source: "python3 port of nanoid 5 customRandom (bytes >= 250 rejected, step ceil(1.6*256*10/250)) fed mulberry32(7) bytes",
      input: { size: 10, alphabet: "0123456789", count: 3, seed: 7 },
      output: { ids: ["5402596611", "7491395049", "4602994625"] },
    },
    { title: "Five random default Nano IDs", input: { size: 21, alphabet: urlAlphabet, count: 5 } },
  ],
  run: ({ size, alphabet, count, seed }: NanoidInput, context: ToolContext) => {
    const problem = findAlphabetProblem(alphabet);
    if (problem) return err(invalidField("alphabet", problem));
    const generate = customRandom(alphabet, size, toByteSource(seed, context));
    return ok({ ids: Array.from({ length: count }, () => generate()) });
  },
});
