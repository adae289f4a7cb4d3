// Pack `example`: plain JavaScript, so it loads in a server run from compiled code (`npm start`) as it is, no build.
// Here it lives inside this package and imports it by name; a pack published on its own has a package.json with
// "type": "module" and a peerDependency on tool-execution-api.
// A pack is an ES module whose default export is { id, name, version, description, tools }; tool ids become
// `<pack id>.<tool id>` once installed (example.reverse-text).
import { defineTool, ok } from "tool-execution-api";

const MAX_TEXT = 100_000;
const textInput = { type: "object", additionalProperties: false, required: ["text"], properties: { text: { type: "string", maxLength: MAX_TEXT } } };

/** Reverses by Unicode code points (not UTF-16 units), so astral characters such as emoji stay whole. */
export const reverseText = defineTool({
  id: "reverse-text",
  name: "Reverse Text",
  category: "text",
  description: "Reverses text by Unicode code points.",
  input: textInput,
  output: { type: "object", additionalProperties: false, required: ["text"], properties: { text: { type: "string" } } },
  examples: [
    { title: "ASCII", input: { text: "abc" }, output: { text: "cba" } },
    { title: "An astral character stays whole", input: { text: "a😀b" }, output: { text: "b😀a" } },
  ],
  run: ({ text }) => ok({ text: Array.from(text).reverse().join("") }),
});

/** Counts words (runs of letters or digits), code points and lines. */
export const wordCount = defineTool({
  id: "word-count",
  name: "Word Count",
  category: "text",
  description: "Counts words, Unicode code points and lines.",
  input: textInput,
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

export default {
  id: "example",
  name: "Example pack",
  version: "1.0.0",
  description: "A small pack showing how to extend the catalog: text reversal and word counts.",
  tools: [reverseText, wordCount],
};
