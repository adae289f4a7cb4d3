import type { JsonSchema } from "../../../domain/tool.ts";

/** A labelled JSON fragment, kept as raw text: `-0`, `1e400`, `__proto__` keys and lone surrogates survive only so. */
export type RawValue = readonly [label: string, raw: string];

const DEPTH = 5000;

/** Values no field should make the server fail on: wrong types, edge numbers, odd Unicode, pollution keys, deep nesting. */
export const HOSTILE_VALUES: readonly RawValue[] = [
  ["null", "null"],
  ["true", "true"],
  ["zero", "0"],
  ["negative zero", "-0"],
  ["minus one", "-1"],
  ["fraction", "0.5"],
  ["1e308", "1e308"],
  ["-1e308", "-1e308"],
  ["1e400 (Infinity once parsed)", "1e400"],
  ["2^53 + 1", "9007199254740993"],
  ["30 digits", "123456789012345678901234567890"],
  ["empty string", '""'],
  ["lone high surrogate", '"\\ud800"'],
  ["reversed surrogate pair", '"a\\udfff\\ud800b"'],
  ["RTL overrides", JSON.stringify("\u202eabc\u202d\u200fשלום\u061c")],
  ["zero-width characters", JSON.stringify("\u200b\u200c\u200d\u2060\ufeff")],
  ["emoji sequences", JSON.stringify("👩‍👩‍👧‍👦🏳️‍🌈😀\ufe0f")],
  ["NUL inside", '"a\\u0000b"'],
  ["control characters", JSON.stringify("\u0001\u001b[31m\u007f\r\n\t\u2028\u2029")],
  ["__proto__ as a string", '"__proto__"'],
  ["constructor as a string", '"constructor"'],
  ["toString as a string", '"toString"'],
  ["empty array", "[]"],
  ["array of strings", '["a","b"]'],
  ["empty object", "{}"],
  ["__proto__ object", '{"__proto__":{"polluted":true}}'],
  ["constructor.prototype object", '{"constructor":{"prototype":{"polluted":true}}}'],
  [`${DEPTH}-deep arrays`, deepArrays(DEPTH)],
  [`${DEPTH}-deep objects`, '{"a":'.repeat(DEPTH) + "1" + "}".repeat(DEPTH)],
];

/** Keys that must never reach an object's prototype chain. */
export const POLLUTION_ENTRIES: readonly RawValue[] = [
  ["__proto__", '{"polluted":true}'],
  ["constructor", '{"prototype":{"polluted":true}}'],
  ["prototype", '{"polluted":true}'],
  ["extra", "1"],
];

export function deepArrays(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

/** Values at and just past the limits one property schema declares (lengths, bounds, enums). */
export function boundaryValues(schema: JsonSchema | undefined, seed: number): RawValue[] {
  if (!schema) return [];
  const values: RawValue[] = [];
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : undefined;
  if (maxLength !== undefined) {
    values.push([`"a" × maxLength ${maxLength}`, JSON.stringify("a".repeat(maxLength))]);
    values.push([`mixed text × maxLength ${maxLength}`, JSON.stringify(mixedText(maxLength, seed))]);
    values.push([`maxLength + 1`, JSON.stringify("a".repeat(maxLength + 1))]);
    // ajv counts code points: an astral string at the cap is valid but four bytes a character.
    if (maxLength <= 200_000) values.push([`emoji × maxLength`, JSON.stringify("😀".repeat(maxLength))]);
  }
  for (const bound of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const) {
    const value = schema[bound];
    if (typeof value !== "number") continue;
    values.push([`${bound}`, String(value)], [`${bound} - 1`, String(value - 1)], [`${bound} + 1`, String(value + 1)]);
    values.push([`${bound} + 0.5`, String(value + 0.5)]);
  }
  if (Array.isArray(schema.enum)) {
    const first = schema.enum.find((item) => typeof item === "string") as string | undefined;
    if (first !== undefined) values.push(["enum value upper-cased", JSON.stringify(first.toUpperCase() + "\u200b")]);
    values.push(["every enum value as an array", JSON.stringify(schema.enum)]);
  }
  return values;
}

const MIXED_PIECES = ["lorem", " ", "ipsum", "\n", "é", "😀", "<b>", "&amp;", "%41", ",", ";", "\"", "{", "}", "[", "0", "9",
  "ש", "\u200b", "a\u0301", "\t", "=", ":", "/", "\\", "'", "Z", "-"];
const MIXED_POINTS = MIXED_PIECES.map((piece) => Array.from(piece));
/** Texts already made: the fuzz test asks for the same megabyte-long ones for many tools. */
const mixedTexts = new Map<string, string>();

/** Deterministic text of exactly `length` code points, mixing scripts, markup, separators and line breaks. */
export function mixedText(length: number, seed: number): string {
  const key = `${length}:${seed}`;
  let text = mixedTexts.get(key);
  if (text === undefined) {
    text = makeMixedText(length, seed);
    mixedTexts.set(key, text);
  }
  return text;
}

function makeMixedText(length: number, seed: number): string {
  let state = seed >>> 0;
  let text = "";
  let count = 0;
  while (count < length) {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    const index = state % MIXED_PIECES.length;
    const points = MIXED_POINTS[index];
    // The last piece is cut to the code points still wanted; every other one goes in whole.
    text += points.length <= length - count ? MIXED_PIECES[index] : points.slice(0, length - count).join("");
    count += Math.min(points.length, length - count);
  }
  return text;
}
