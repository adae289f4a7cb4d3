import { defineTool } from "../../domain/tool.ts";
import { ok } from "../../domain/result.ts";
import type { ToolPack } from "../../domain/tool-pack.ts";

const MAX_TEXT = 100_000;

/** Reverses by Unicode code points (not UTF-16 units), so astral characters such as emoji stay whole. */
export const reverseText = defineTool<{ text: string }, { text: string }>({
  id: "reverse-text",
  name: "Reverse Text",
  category: "text",
  description: "Reverses text by Unicode code points.",
  input: { type: "object", additionalProperties: false, required: ["text"], properties: { text: { type: "string", maxLength: MAX_TEXT } } },
  output: { type: "object", additionalProperties: false, required: ["text"], properties: { text: { type: "string" } } },
  examples: [
    { title: "ASCII", input: { text: "abc" }, output: { text: "cba" } },
    { title: "An astral character stays whole", input: { text: "a😀b" }, output: { text: "b😀a" } },
  ],
  run: ({ text }) => ok({ text: Array.from(text).reverse().join("") }),
});

/** Counts words (runs of letters or digits), code points and lines. */
export const wordCount = defineTool<{ text: string }, { words: number; characters: number; lines: number }>({
  id: "word-count",
  name: "Word Count",
  category: "text",
  description: "Counts words, Unicode code points and lines.",
  input: { type: "object", additionalProperties: false, required: ["text"], properties: { text: { type: "string", maxLength: MAX_TEXT } } },
  output: {
    type: "object", additionalProperties: false, required: ["words", "characters", "lines"],
    properties: { words: { type: "integer" }, characters: { type: "integer" }, lines: { type: "integer" } },
  },
  examples: [{ title: "Two lines", input: { text: "hello world\nbye" }, output: { words: 3, characters: 15, lines: 2 } }],
  run: ({ text }) => ok({
    words: text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0,
    characters: Array.from(text).length,
    lines: text === "" ? 0 : text.split(/\r\n|\n|\r/).length,
  }),
});

const pack: ToolPack = {
  id: "example",
  name: "Example pack",
  version: "1.0.0",
  description: "A small pack showing how to extend the catalog: text reversal and word counts.",
  tools: [reverseText, wordCount],
};

export default pack;
