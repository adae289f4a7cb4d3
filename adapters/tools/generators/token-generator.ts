import { randomInt } from "node:crypto";
import { invalidField } from "../../../domain/errors.ts";
import { err, ok } from "../../../domain/result.ts";
import { defineTool } from "../../../domain/tool.ts";

interface TokenInput {
  length: number;
  uppercase: boolean;
  lowercase: boolean;
  numbers: boolean;
  symbols: boolean;
  excludeSimilar: boolean;
  count: number;
}

/** The character classes a token may draw from; symbols are the 32 printable ASCII punctuation marks. */
export const TOKEN_CLASSES = {
  uppercase: "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  lowercase: "abcdefghijklmnopqrstuvwxyz",
  numbers: "0123456789",
  symbols: "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
} as const;

/** Characters easily mistaken for one another when read or typed: i I l L 1 | o O 0. */
export const SIMILAR_CHARACTERS = "iIlL1|oO0";

/** The alphabet a token request draws from, in class order. */
export function toTokenAlphabet(input: Omit<TokenInput, "length" | "count">): string {
  const classes = (Object.keys(TOKEN_CLASSES) as (keyof typeof TOKEN_CLASSES)[]).filter((name) => input[name]);
  const alphabet = classes.map((name) => TOKEN_CLASSES[name]).join("");
  return input.excludeSimilar ? [...alphabet].filter((char) => !SIMILAR_CHARACTERS.includes(char)).join("") : alphabet;
}

/** Never seeded: tokens are secrets, so every character comes from crypto.randomInt (no modulo bias). */
export const tokenGenerator = defineTool({
  id: "token-generator",
  name: "Token Generator",
  category: "generators",
  description: "Generate random tokens or passwords from upper-case, lower-case, digit and symbol classes with a CSPRNG.",
  input: {
    type: "object",
    additionalProperties: false,
    properties: {
      length: { type: "integer", minimum: 1, maximum: 512, default: 32 },
      uppercase: { type: "boolean", default: true },
      lowercase: { type: "boolean", default: true },
      numbers: { type: "boolean", default: true },
      symbols: { type: "boolean", default: false },
      excludeSimilar: { type: "boolean", default: false },
      count: { type: "integer", minimum: 1, maximum: 100, default: 1 },
    },
  },
  output: {
    type: "object",
    required: ["tokens"],
    additionalProperties: false,
    properties: { tokens: { type: "array", maxItems: 100, items: { type: "string", minLength: 1, maxLength: 512 } } },
  },
  examples: [
    {
      title: "One 32-character alphanumeric token",
      input: { length: 32, uppercase: true, lowercase: true, numbers: true, symbols: false, excludeSimilar: false, count: 1 },
    },
    {
      title: "Three 16-character passwords with symbols, no look-alike characters",
      input: { length: 16, uppercase: true, lowercase: true, numbers: true, symbols: true, excludeSimilar: true, count: 3 },
    },
    {
      title: "A 6-digit PIN",
      input: { length: 6, uppercase: false, lowercase: false, numbers: true, symbols: false, excludeSimilar: false, count: 1 },
    },
  ],
  run: (input: TokenInput) => {
    const alphabet = toTokenAlphabet(input);
    if (alphabet === "") {
      return err(invalidField("", "Enable at least one of uppercase, lowercase, numbers or symbols."));
    }
    const toToken = () => Array.from({ length: input.length }, () => alphabet[randomInt(alphabet.length)]).join("");
    return ok({ tokens: Array.from({ length: input.count }, toToken) });
  },
});
