/** A tool of one's own, made with defineTool: listed, documented in the OpenAPI document and executed like the catalog's. */
import { defineTool, ok } from "tool-execution-api";

const VOWELS = /[aeiou]/giu;

export const countVowels = defineTool({
  id: "count-vowels",
  name: "Count Vowels",
  category: "examples",
  description: "Counts the ASCII vowels (a, e, i, o, u, either case) in a text.",
  input: {
    type: "object", required: ["text"], additionalProperties: false,
    properties: { text: { type: "string", maxLength: 100_000 } },
  },
  output: {
    type: "object", required: ["vowels"], additionalProperties: false,
    properties: { vowels: { type: "integer", minimum: 0 } },
  },
  examples: [{ title: "Five vowels", input: { text: "Education" }, output: { vowels: 5 } }],
  run: ({ text }: { text: string }) => ok({ vowels: text.match(VOWELS)?.length ?? 0 }),
});
