import type { JsonSchema, ToolDefinition } from "../../../domain/tool.ts";
import { mixedText } from "./hostile-values.ts";

/** One costly but well-formed request: an input object, every other field as in the tool's first example. */
export interface WorstCase {
  readonly label: string;
  readonly input: Record<string, unknown>;
}

/** The JSON of all generated strings together stays under the default MAX_BODY_BYTES, so the tool sees them. */
const BODY_BUDGET = 900_000;

type Shape = (length: number) => string;

/** Text shapes that have made parsers slow: per input kind, each filling `length` characters. */
export const SHAPES: Readonly<Record<string, Shape>> = {
  "deep [ nesting": (n) => "[".repeat(n >> 1) + "]".repeat(n >> 1),
  "deep { nesting": (n) => '{"a":'.repeat(Math.floor(n / 6)) + "1" + "}".repeat(Math.floor(n / 6)),
  "deep ( nesting": (n) => "(".repeat(n >> 1) + ")".repeat(n >> 1),
  "deep element nesting": (n) => "<a>".repeat(Math.floor(n / 7)) + "</a>".repeat(Math.floor(n / 7)),
  "deep block nesting": (n) => "- ".repeat(n >> 1) + "x",
  "deep quote nesting": (n) => "> ".repeat(n >> 1) + "x",
  "unclosed [": (n) => "[".repeat(n),
  "duplicate CSV headers": (n) => "a,".repeat(Math.max(0, (n >> 1) - 1)) + "a\n",
  "many short lines": (n) => "a\n".repeat(n >> 1),
  "many keys": (n) => Array.from({ length: Math.floor(n / 12) }, (_, i) => `k${i}: v`).join("\n"),
  "many attributes": (n) => "<a " + Array.from({ length: Math.floor(n / 10) }, (_, i) => `a${i}="1"`).join(" ") + "/>",
  "many statements": (n) => "SELECT 1;".repeat(Math.floor(n / 9)),
  "long repetition a": (n) => "a".repeat(n),
  "regex repetition": (n) => "a{0,1000}".repeat(Math.floor(n / 9)),
  "emphasis runs": (n) => "**_".repeat(Math.floor(n / 3)),
  "backslashes": (n) => "\\".repeat(n >> 1),
  "separators": (n) => ",;\t|".repeat(n >> 2),
  "digits": (n) => "9".repeat(n),
  "max-length mixed text": (n) => mixedText(n, 17),
};

/** Inputs the schema accepts in shape but the generic shapes cannot build: the costliest values of each tool. */
const SPECIFIC: Readonly<Record<string, readonly Record<string, unknown>[]>> = {
  "json-to-csv": [{ json: `[${Array.from({ length: 3000 }, (_, i) => `{"k${i}":1}`).join(",")}]` }],
  "csv-to-json": [{ csv: "a,".repeat(199_999) + "a\n" }, { csv: "a\n".repeat(400_000), header: false }],
  "yaml-to-json": [{ yaml: `a: &a [1,2]\nb: [${"*a,".repeat(250_000)}]` }, { yaml: `k: [${"1,".repeat(400_000)}]` }],
  "regex-tester": [
    { pattern: `${"a{0,1000}".repeat(110)}b`, text: "a".repeat(102_400), flags: "g", maxMatches: 1000 },
    { pattern: "([ab]{0,1000})[ab]{0,1000}$", text: "ab".repeat(51_200), flags: "g", maxMatches: 1000 },
  ],
  "math-evaluator": [
    { expression: "sum(1:100000000)" },
    { expression: "size(zeros(10000,10000))" },
    { expression: "f(n) = n > 0 ? f(n-1) + f(n-1) : 1; f(40)" },
    { expression: `a=ones(316,316); ${Array(120).fill("a").join("+")}` },
    { expression: "ones(300,300)^1000000" },
  ],
  "qr-code-generator": [{ text: "a".repeat(2048), errorCorrectionLevel: "L", format: "png", margin: 16, scale: 20 }],
  "barcode-generator": [{ text: "a".repeat(256), type: "pdf417", scale: 10 }, { text: "a".repeat(256), type: "code128", scale: 10, height: 100 }],
  "markdown-to-html": [{ markdown: `|a|b|\n|-|-|\n${"|x|y|\n".repeat(170_000)}` }],
};

/**
 * Worst-case inputs for one tool: every string field filled with each shape at its cap (within the body budget),
 * every number at its costliest bound, plus the tool's specific cases. Inputs may still be refused (a 4xx); the
 * point is that neither the answer nor the work before it is a failure or a stall.
 */
export function worstCases(tool: ToolDefinition): WorstCase[] {
  const example = tool.examples[0].input as Record<string, unknown>;
  const properties = (tool.input.properties ?? {}) as Record<string, JsonSchema>;
  const strings = Object.entries(properties).filter(([, schema]) => schema.type === "string" && !Array.isArray(schema.enum));
  const base = { ...example, ...numbersAtBounds(properties) };
  const share = Math.floor(BODY_BUDGET / Math.max(1, strings.length));
  const generic = Object.entries(SHAPES).map(([label, shape]) => {
    const input: Record<string, unknown> = { ...base };
    for (const [key, schema] of strings) input[key] = fitted(shape, Math.min(capOf(schema), share));
    return { label: `${label} in ${strings.map(([key]) => key).join(", ") || "no string field"}`, input };
  });
  const specific = (SPECIFIC[tool.id] ?? []).map((input, index) => ({ label: `specific case ${index}`, input: { ...example, ...input } }));
  return [...generic, ...specific];
}

function capOf(schema: JsonSchema): number {
  return typeof schema.maxLength === "number" ? schema.maxLength : BODY_BUDGET;
}

/** Texts already fitted, per shape and length: most tools' string fields share a few caps. */
const fittedTexts = new Map<Shape, Map<number, string>>();

/** The shape at `length` characters, shortened until its JSON form (escapes included) fits `length` bytes. */
function fitted(shape: Shape, length: number): string {
  const known = fittedTexts.get(shape) ?? new Map<number, string>();
  fittedTexts.set(shape, known);
  let text = known.get(length);
  if (text === undefined) {
    text = fit(shape, length);
    known.set(length, text);
  }
  return text;
}

function fit(shape: Shape, length: number): string {
  let text = shape(length);
  for (let size = Buffer.byteLength(JSON.stringify(text)); size > length + 2; size = Buffer.byteLength(JSON.stringify(text))) {
    text = text.slice(0, Math.floor((text.length * length) / size));
  }
  return text;
}

/** Integers and numbers at the bound that costs most: the maximum where one is declared. */
function numbersAtBounds(properties: Record<string, JsonSchema>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(properties)) {
    if ((schema.type === "integer" || schema.type === "number") && typeof schema.maximum === "number") values[key] = schema.maximum;
  }
  return values;
}
