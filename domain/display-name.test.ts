import { describe, expect, it } from "vitest";
import { checkDisplayName, escapeDisplayName } from "./display-name.ts";

const CONTROL = "must not contain control or bidirectional-override characters";

describe("checkDisplayName", () => {
  it.each([
    ["Platform team", "Platform team"],
    ["  trimmed  ", "trimmed"],
    ["Ünïcödé ok", "Ünïcödé ok"],
    ["שלום עולם", "שלום עולם"],
    ["مفتاح", "مفتاح"],
    ["family 👨‍👩‍👧", "family 👨‍👩‍👧"],
    ["😀".repeat(64), "😀".repeat(64)],
    ["x".repeat(64), "x".repeat(64)],
  ])("accepts %j as %j", (raw, name) => {
    expect(checkDisplayName(raw, 64)).toEqual({ ok: true, value: name });
  });

  it.each([
    ["\u001b[2J\u001b[31mRED", `${CONTROL} (found U+001B at 1)`],
    ["line1\nline2", `${CONTROL} (found U+000A at 6)`],
    ["nul\u0000", `${CONTROL} (found U+0000 at 4)`],
    ["tab\there", `${CONTROL} (found U+0009 at 4)`],
    ["key\n", `${CONTROL} (found U+000A at 4)`],
    ["\tkey", `${CONTROL} (found U+0009 at 1)`],
    ["del\u007f", `${CONTROL} (found U+007F at 4)`],
    ["c1\u0080", `${CONTROL} (found U+0080 at 3)`],
    ["csi\u009b2J", `${CONTROL} (found U+009B at 4)`],
    ["c1\u009f", `${CONTROL} (found U+009F at 3)`],
    ["ls\u2028", `${CONTROL} (found U+2028 at 3)`],
    ["ps\u2029", `${CONTROL} (found U+2029 at 3)`],
    ["gnp\u202e.exe", `${CONTROL} (found U+202E at 4)`],
    ["\u202aa", `${CONTROL} (found U+202A at 1)`],
    ["\u202da", `${CONTROL} (found U+202D at 1)`],
    ["a\u2066b", `${CONTROL} (found U+2066 at 2)`],
    ["a\u2069b", `${CONTROL} (found U+2069 at 2)`],
    ["a\u200eb", `${CONTROL} (found U+200E at 2)`],
    ["a\u200fb", `${CONTROL} (found U+200F at 2)`],
    ["a\u061cb", `${CONTROL} (found U+061C at 2)`],
    // The emoji is one code point (two UTF-16 units), so the escape is the 3rd character.
    ["😀x\u001b", `${CONTROL} (found U+001B at 3)`],
    ["lone\ud800", "must be well-formed Unicode: no lone surrogates (found U+D800 at 5)"],
    ["\udfffx", "must be well-formed Unicode: no lone surrogates (found U+DFFF at 1)"],
    ["", "must be 1 to 64 characters"],
    ["   ", "must be 1 to 64 characters"],
    ["x".repeat(65), "must be 1 to 64 characters"],
    ["😀".repeat(65), "must be 1 to 64 characters"],
  ].map(([raw, message]) => [escapeDisplayName(raw), message, raw]))("refuses %s: %s", (_shown, message, raw) => {
    expect(checkDisplayName(raw, 64)).toEqual({ ok: false, error: { path: "/name", message } });
  });

  it.each([[7], [null], [undefined], [["a"]]])("refuses the non-string %j at the given path", (raw) => {
    expect(checkDisplayName(raw, 32, "/workspace/name")).toEqual({ ok: false, error: { path: "/workspace/name", message: "must be 1 to 32 characters" } });
  });

  it("allows the characters next to each refused range", () => {
    for (const char of [" ", "~", "\u00a0", "\u00a1", "\u061b", "\u061d", "\u200d", "\u2027", "\u202f", "\u2065", "\u206a", "\ud7ff", "\ue000"]) {
      expect(checkDisplayName(`a${char}b`, 64).ok).toBe(true);
    }
  });
});

describe("escapeDisplayName", () => {
  it.each([
    ["plain name", "plain name"],
    ["\u001b[2J\u001b[31mRED", "\\u{1B}[2J\\u{1B}[31mRED"],
    ["line1\nline2", "line1\\u{A}line2"],
    ["nul\u0000", "nul\\u{0}"],
    ["csi\u009b", "csi\\u{9B}"],
    ["gnp\u202e.exe", "gnp\\u{202E}.exe"],
    ["lone\ud800", "lone\\u{D800}"],
    ["😀 שלום", "😀 שלום"],
  ].map(([raw, shown]) => [shown, raw]))("prints %s for the name with those characters raw", (shown, raw) => {
    expect(escapeDisplayName(raw)).toBe(shown);
  });
});
