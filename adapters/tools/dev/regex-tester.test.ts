import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { estimatedProgramSize } from "./regex-limits.ts";
import { regexTester } from "./regex-tester.ts";
import { errorOf, outputOf } from "../testing/tool-harness.ts";

describe("regex-tester", () => {
  it.each([
    ["(a)\\1", "backreference"],
    ["a(?=b)", "lookahead"],
    ["a(?!b)", "negative lookahead"],
    ["(?<=a)b", "lookbehind"],
    ["(?<!a)b", "negative lookbehind"],
    ["(?<n>a)\\k<n>", "named backreference"],
  ])("refuses %s (%s) with a hint about RE2", async (pattern) => {
    const error = await errorOf(regexTester, { pattern, text: "ab" });
    expect(error.code).toBe("invalid_input");
    expect(error.message).toMatch(/neither backreferences nor lookaround/);
  });

  it.each(["(a+)+$", "(a|aa)+$", "(a*)*b", "(x+x+)+y", "^(([a-z])+.)+[A-Z]([a-z])+$"])(
    "runs the catastrophic-backtracking pattern %s over 100 KiB in linear time",
    async (pattern) => {
      const { count } = await outputOf(regexTester, { pattern, flags: "g", text: `${"a".repeat(102_399)}!` });
      expect(count).toBeGreaterThanOrEqual(0);
    },
  );

  it("keeps a __proto__ group name as an ordinary member", async () => {
    const { matches } = await outputOf(regexTester, { pattern: "(?P<__proto__>x)", text: "x" });
    expect(Object.prototype.hasOwnProperty.call(matches[0]?.namedGroups, "__proto__")).toBe(true);
    expect(JSON.stringify(matches[0]?.namedGroups)).toBe('{"__proto__":"x"}');
  });

  it("stops at maxMatches and steps over empty matches", async () => {
    expect((await outputOf(regexTester, { pattern: "", flags: "g", text: "abcdef", maxMatches: 3 })).count).toBe(3);
    const { matches } = await outputOf(regexTester, { pattern: "x*", flags: "g", text: "axxb" });
    expect(matches.map(({ match, index }: { match: string; index: number }) => [match, index])).toEqual([["", 0], ["xx", 1], ["", 3], ["", 4]]);
  });

  it("applies s so that dot matches a newline", async () => {
    expect((await outputOf(regexTester, { pattern: "a.b", text: "a\nb" })).count).toBe(0);
    expect((await outputOf(regexTester, { pattern: "a.b", flags: "s", text: "a\nb" })).count).toBe(1);
  });

  it("counts indices in UTF-16 code units, as JavaScript does", async () => {
    const { matches } = await outputOf(regexTester, { pattern: "b", text: "😀b" });
    expect(matches[0]).toMatchObject({ index: 2, end: 3 });
  });

  it("refuses unknown flags and malformed patterns", async () => {
    expect((await errorOf(regexTester, { pattern: "a", flags: "y", text: "a" })).code).toBe("invalid_input");
    expect((await errorOf(regexTester, { pattern: "[", text: "a" })).message).toMatch(/Invalid RE2 pattern/);
  });
});

describe("regex-tester bounds", () => {
  it.each(["a", "a{0,1000}b", "(a|b){0,500}c", "(?P<y>\\d{4})-(\\d\\d)", "[]a]{3,}", "[^]x]*?", "\\pL{0,1000}", "(?:a?){1000}", "((a{0,10}){0,10}){0,10}", "a{5,}"])(
    "never estimates %s below re2js's own program size",
    (pattern) => {
      expect(estimatedProgramSize(pattern)).toBeGreaterThanOrEqual(RE2JS.compile(pattern).programSize());
    },
  );

  it("refuses a{0,1000} × 110 before compiling it (once 7 s), naming the bound", async () => {
    const error = await errorOf(regexTester, { pattern: `${"a{0,1000}".repeat(110)}b`, text: "a" });
    expect(error.message).toMatch(/^The pattern compiles to more than 20000 instructions/);
    await outputOf(regexTester, { pattern: `${"a{0,1000}".repeat(9)}b`, text: "aab" });
  });

  it("runs a program over the longest text its work budget allows and refuses one character more", async () => {
    const pattern = "([ab]{0,100})[ab]{0,100}$";
    const size = RE2JS.compile(pattern).programSize();
    const length = Math.floor(25_000_000 / size);
    const { count } = await outputOf(regexTester, { pattern, text: "ab".repeat(length).slice(0, length) });
    expect(count).toBe(1);
    const error = await errorOf(regexTester, { pattern, text: "a".repeat(length + 1) });
    expect(error.message).toMatch(/times the text length .* is more than 25000000/);
  });
});
