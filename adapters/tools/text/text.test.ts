import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { errorOf, outputOf, refusalOf, zeroContext } from "../testing/tool-harness.ts";
import { asciiArtText } from "./ascii-art-text.ts";
import { caseConverter } from "./case-converter.ts";
import { emojiSearch } from "./emoji-search.ts";
import { listConverter } from "./list-converter.ts";
import { numeronymGenerator } from "./numeronym-generator.ts";
import { countSegments } from "./segment-counts.ts";
import { slugify } from "./slugify.ts";
import { stringObfuscator } from "./string-obfuscator.ts";
import { textDiff } from "./text-diff.ts";
import { textStatistics } from "./text-statistics.ts";
import { textToNatoAlphabet } from "./text-to-nato-alphabet.ts";

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const words = new Intl.Segmenter("en", { granularity: "word" });
/** The counts of one Intl.Segmenter pass over the whole text: what the chunked and regex paths must reproduce. */
function segmentedInOnePass(text: string): { graphemes: number; words: number } {
  return {
    graphemes: [...graphemes.segment(text)].length,
    words: [...words.segment(text)].filter((segment) => segment.isWordLike).length,
  };
}

const PIECES = [
  "hello", " ", "wörld", "\r\n", "👨‍👩‍👧‍👦", "🇫🇷🇩🇪", "e\u0301", "don't", "3.14", "a.b", "foo_bar", "(x)", "/", "\n",
  "Новая", "—", "한국어", "ก็", "👍🏽", "\t", "x=1;", "https://ex.com/a?b=c", "AAAA", "1234", "中文。",
];

describe("text-statistics", () => {
  it("counts graphemes and words in chunks exactly as one Intl.Segmenter pass does", () => {
    const text = fc.array(fc.constantFrom(...PIECES), { minLength: 300, maxLength: 1_500 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, (sample) => {
        expect(countSegments(sample)).toEqual(segmentedInOnePass(sample));
      }),
      { numRuns: 12 },
    );
  });

  it("counts ASCII text by its regex pass exactly as one Intl.Segmenter pass does", () => {
    // One character per ASCII word-break class, plus any ASCII character now and then.
    const char = fc.oneof(fc.constantFrom(..."aZ09_.:',; \t\r\n*\"-"), fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 40 }).map((chars) => chars.join("")), (sample) => {
        expect(countSegments(sample)).toEqual(segmentedInOnePass(sample));
      }),
      { numRuns: 3_000 },
    );
  });

  it.each([
    ["a number list", `é${"1,".repeat(3_000)}1`],
    ["a dotted name", `é ${"a.".repeat(3_000)}b`],
    ["apostrophes", `${"a'".repeat(3_000)}é`],
    ["decimals", `é${"1.5;".repeat(1_500)}9`],
    ["number lists around an ideograph", `${"1,".repeat(700)}中${"1,".repeat(1_500)}`],
  ])("counts %s longer than a chunk, in non-ASCII text, as one Intl.Segmenter pass does", (_name, text) => {
    expect(countSegments(text)).toEqual(segmentedInOnePass(text));
  });

  it.each([
    ["one long word", "a".repeat(10_000), 10_000, 1],
    ["symbol runs after a non-ASCII letter", `é${"**_".repeat(3_000)}`, 9_001, 1],
    ["comma-separated letters after a non-ASCII letter", `é${"a,".repeat(3_000)}`, 6_001, 3_000],
    ["ZWJ emoji without spaces", "👨‍👩‍👧‍👦".repeat(1_500), 1_500, 0],
    ["a letter with 5 000 combining marks", `e${"\u0301".repeat(5_000)}`, 1, 1],
    ["flags", "🇫🇷".repeat(3_000), 3_000, 0],
  ])("keeps %s intact across forced chunk cuts", (_name, text, graphemeCount, wordCount) => {
    expect(countSegments(text)).toEqual({ graphemes: graphemeCount, words: wordCount });
  });

  it("gives zeros for the empty text", async () => {
    expect(await outputOf(textStatistics, { text: "" }, zeroContext)).toEqual({
      characters: 0, codePoints: 0, graphemes: 0, words: 0, lines: 0, bytes: 0, whitespace: 0,
    });
  });
});

describe("text-diff", () => {
  it("refuses two large, completely different texts quickly instead of running Myers to the end", async () => {
    const lines = (prefix: string) => Array.from({ length: 30_000 }, (_, index) => `${prefix}${index}`).join("\n");
    // CPU time, not wall time: the work done, which a loaded machine does not stretch (Myers to the end: minutes).
    const cpu = process.cpuUsage();
    expect(await refusalOf(textDiff, { oldText: lines("a"), newText: lines("b") })).toBe("tool");
    const { user, system } = process.cpuUsage(cpu);
    expect((user + system) / 1000).toBeLessThan(5_000);
  });

  it("diffs 262 144 empty lines with one insertion", async () => {
    const oldText = "\n".repeat(262_143);
    const output = await outputOf(textDiff, { oldText, newText: `x${oldText}`, context: 0 }, zeroContext);
    expect(output).toMatchObject({ additions: 1, deletions: 1, identical: false });
  });

  it("refuses texts over 256 KiB at the schema", async () => {
    expect(await refusalOf(textDiff, { oldText: "a".repeat(262_145), newText: "" })).toBe("schema");
  });
});

describe("ascii-art-text", () => {
  it("accepts only figlet's own font names, so no path reaches the font loader", async () => {
    for (const font of ["../../package", "Standard.flf", "standard", ""]) expect(await refusalOf(asciiArtText, { text: "x", font })).toBe("schema");
  });

  it("refuses non-printable or non-ASCII text at the schema", async () => {
    for (const text of ["", "tab\t", "é", "x".repeat(101)]) expect(await refusalOf(asciiArtText, { text })).toBe("schema");
  });

  it("loads fonts whose module name differs from the font name", async () => {
    expect((await outputOf(asciiArtText, { text: "Hi", font: "Tmplr" }, zeroContext)).art).toContain("\n");
  });
});

describe("emoji-search", () => {
  it.each(["(a+)+$", "(", "[", "\\", ".*"])("treats %j as a literal substring and never throws", async (query) => {
    expect(await outputOf(emojiSearch, { query }, zeroContext)).toEqual({ results: [] });
  });

  it("honours the limit and ignores case", async () => {
    const { results } = await outputOf(emojiSearch, { query: "HEART", limit: 3 }, zeroContext);
    expect(results).toHaveLength(3);
  });
});

describe("small text tools", () => {
  it("case-converter ignores the server locale (no dotless i)", async () => {
    expect(await outputOf(caseConverter, { text: "TITLE" }, zeroContext)).toMatchObject({ camel: "title", lower: "title" });
  });

  it("slugify transliterates ä and & as the catalog says", async () => {
    expect(await outputOf(slugify, { text: "Ä ö ü ß & Co" }, zeroContext)).toEqual({ slug: "ae-oe-ue-ss-and-co" });
  });

  it("slugify refuses separators the library would misread ($ patterns, backslashes)", async () => {
    for (const separator of ["$&", "$", "\\"]) expect(await refusalOf(slugify, { text: "a b", separator })).toBe("schema");
    expect(await outputOf(slugify, { text: "a b", separator: "." }, zeroContext)).toEqual({ slug: "a.b" });
  });

  it("string-obfuscator keeps everything when keepFirst covers the text, and masks emoji whole", async () => {
    expect(await outputOf(stringObfuscator, { text: "abc", keepFirst: 4 }, zeroContext)).toEqual({ result: "abc" });
    expect(await outputOf(stringObfuscator, { text: "😀😀", keepFirst: 0, maskChar: "🙈" }, zeroContext)).toEqual({ result: "🙈🙈" });
    expect(await refusalOf(stringObfuscator, { text: "x", maskChar: "**" })).toBe("schema");
  });

  it("numeronym-generator leaves words of up to three letters alone", async () => {
    expect(await outputOf(numeronymGenerator, { text: "a an the" }, zeroContext)).toEqual({ numeronym: "a an the" });
  });

  it("list-converter keeps empty items when asked and counts them", async () => {
    expect(await outputOf(listConverter, { text: "a,,b", inputSeparator: ",", removeEmpty: false, outputSeparator: "|" }, zeroContext)).toEqual({
      result: "a||b",
      count: 3,
    });
    expect(await outputOf(listConverter, { text: "" }, zeroContext)).toEqual({ result: "", count: 0 });
  });

  it("list-converter refuses a result that prefixes and suffixes would blow up", async () => {
    const input = { text: "x\n".repeat(100_000), prefix: "p".repeat(256), suffix: "s".repeat(256) };
    expect(await refusalOf(listConverter, input)).toBe("tool");
  });

  it("text-to-nato-alphabet spells each space and keeps non-ASCII letters", async () => {
    expect(await outputOf(textToNatoAlphabet, { text: "é  z" }, zeroContext)).toEqual({ nato: "é (space) (space) Zulu" });
  });
});

describe("text tool bounds", () => {
  it("case-converter converts 5,000 words and refuses 5,001", async () => {
    const { snake } = await outputOf(caseConverter, { text: "ab ".repeat(5000) });
    expect(snake).toBe(Array(5000).fill("ab").join("_"));
    const error = await errorOf(caseConverter, { text: "ab ".repeat(5001) });
    expect(error.message).toMatch(/more than 5000 words/);
  });

  it("emoji-search matches a query with regex syntax literally instead of throwing", async () => {
    expect(await outputOf(emojiSearch, { query: '{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":', limit: 5 })).toEqual({ results: [] });
    expect(await outputOf(emojiSearch, { query: ":rocket:", limit: 5 })).toEqual({ results: [{ emoji: "🚀", name: "rocket" }] });
  });

  it("numeronym-generator counts graphemes, not code units, in words with marks or astral letters", async () => {
    expect(await outputOf(numeronymGenerator, { text: "e\u0301tude 𐐀𐐁𐐂𐐃" })).toEqual({ numeronym: "e\u03013e 𐐀2𐐃" });
  });
});

describe("string-obfuscator masks by code point", () => {
  /** The plain per-code-point definition, as the tool computed it before masking moved to one native replace. */
  const reference = (text: string, keepFirst: number, keepLast: number, keepSpaces: boolean, maskChar: string) => {
    const chars = Array.from(text);
    const lastStart = chars.length - keepLast;
    return chars.map((char, i) => (i < keepFirst || i >= lastStart || (keepSpaces && /\s/u.test(char)) ? char : maskChar)).join("");
  };

  it("matches the per-code-point definition on random texts, counts and mask characters ($ included)", async () => {
    const text = fc.string({ unit: fc.constantFrom("a", " ", "\t", "😀", "é", "\n", "$", "\u00a0"), maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(text, fc.nat(35), fc.nat(35), fc.boolean(), fc.constantFrom("*", "$", "🙈", "&"), async (t, first, last, spaces, mask) => {
        const input = { text: t, keepFirst: first, keepLast: last, keepSpaces: spaces, maskChar: mask };
        expect(await outputOf(stringObfuscator, input)).toEqual({ result: reference(t, first, last, spaces, mask) });
      }),
      { numRuns: 300 },
    );
  });
});
