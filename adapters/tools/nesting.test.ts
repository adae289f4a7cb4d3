import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JSON_SYNTAX, type NestingSyntax, nestingDepth, TOML_SYNTAX, valueDepth, YAML_FLOW_SYNTAX } from "./nesting.ts";

/** The rules read one character at a time, as plainly as they can be written: the fast scan must agree with it. */
function plainDepth(text: string, syntax: NestingSyntax, limit: number): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (syntax.opens.includes(char)) {
      depth++;
      deepest = Math.max(deepest, depth);
      if (deepest > limit) return deepest;
    } else if (syntax.closes.includes(char)) {
      depth = Math.max(0, depth - 1);
    } else if (syntax.quotes.includes(char) && (!syntax.quotesAtTokenStart || i === 0 || " \t\r\n[{,:-?".includes(text[i - 1]))) {
      let end = i + 1;
      while (end < text.length && text[end] !== char) end += text[end] === "\\" && char === '"' ? 2 : 1;
      i = end;
    } else if (char === syntax.comment && (i === 0 || " \t\r\n".includes(text[i - 1]))) {
      const newline = text.indexOf("\n", i);
      i = newline === -1 ? text.length : newline;
    }
  }
  return deepest;
}

describe("nestingDepth", () => {
  it.each([
    ["JSON", JSON_SYNTAX],
    ["YAML flow", YAML_FLOW_SYNTAX],
    ["TOML", TOML_SYNTAX],
  ] as const)("reads %s text as the plain character-by-character rules do", (_name, syntax) => {
    const char = fc.constantFrom(..."[]{}\"'\\#\n a:-,é");
    const text = fc.array(char, { maxLength: 60 }).map((chars) => chars.join(""));
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 6 }), (sample, limit) => {
        expect(nestingDepth(sample, syntax, limit)).toBe(plainDepth(sample, syntax, limit));
      }),
      { numRuns: 3_000 },
    );
  });

  it("gives a JSON document the depth of its parsed value", () => {
    fc.assert(
      fc.property(fc.json({ depthSize: "large" }), (json) => {
        expect(nestingDepth(json, JSON_SYNTAX, 1_000)).toBe(valueDepth(JSON.parse(json), 1_000));
      }),
      { numRuns: 1_000 },
    );
  });
});
