import fc from "fast-check";
import type { JsonSchema, ToolDefinition } from "../../../domain/tool.ts";
import { boundaryValues, deepArrays, HOSTILE_VALUES, mixedText, POLLUTION_ENTRIES, type RawValue } from "./hostile-values.ts";

/** One hostile request: the whole body as raw JSON text (or not JSON at all) and what makes it hostile. */
export interface HostileCase {
  readonly label: string;
  readonly body: string;
}

/** An input object as ordered [key, raw JSON value] pairs, so keys like `__proto__` stay own members. */
type Entries = readonly (readonly [string, string])[];

/** Bodies stay under the default MAX_BODY_BYTES so "everything at its cap" reaches the tool, not the 413 check. */
const BODY_BUDGET = 900_000;
const DEPTH = 5000;

/**
 * Hostile requests for one tool, built from its input schema and first example: every field replaced by each hostile
 * and boundary value or removed, pollution keys added, every string field at its cap at once, malformed bodies, and
 * `randomRuns` seeded fast-check mutations.
 */
export function hostileCases(tool: ToolDefinition, seed: number, randomRuns = 16): HostileCase[] {
  const example = tool.examples[0].input as Record<string, unknown>;
  const base: Entries = Object.entries(example).map(([key, value]) => [key, JSON.stringify(value)]);
  const properties = (tool.input.properties ?? {}) as Record<string, JsonSchema>;
  const fields = [...new Set([...Object.keys(properties), ...Object.keys(example)])];
  return [
    ...fieldCases(base, fields, properties, seed),
    ...shapeCases(base),
    allStringsAtCap(base, properties, seed),
    ...randomCases(fields, properties, example, seed, randomRuns),
  ];
}

export function objectText(entries: Entries): string {
  return `{${entries.map(([key, raw]) => `${JSON.stringify(key)}:${raw}`).join(",")}}`;
}

function bodyOf(entries: Entries): string {
  return `{"input":${objectText(entries)}}`;
}

function withField(entries: Entries, key: string, raw: string | undefined): Entries {
  const rest = entries.filter(([name]) => name !== key);
  return raw === undefined ? rest : [...rest, [key, raw]];
}

function fieldCases(base: Entries, fields: string[], properties: Record<string, JsonSchema>, seed: number): HostileCase[] {
  return fields.flatMap((field) => {
    const values: RawValue[] = [...HOSTILE_VALUES, ...boundaryValues(properties[field], seed)];
    return [
      { label: `${field} missing`, body: bodyOf(withField(base, field, undefined)) },
      ...values.map(([label, raw]) => ({ label: `${field} = ${label}`, body: bodyOf(withField(base, field, raw)) })),
    ];
  });
}

function shapeCases(base: Entries): HostileCase[] {
  const input = objectText(base);
  const extras = POLLUTION_ENTRIES.map(([key, raw]) => ({ label: `input with extra key ${key}`, body: bodyOf([[key, raw], ...base]) }));
  return [
    ...extras,
    { label: "input is 5000-deep arrays", body: `{"input":${deepArrays(DEPTH)}}` },
    { label: "input is 5000-deep objects", body: `{"input":${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}}` },
    { label: "input is a string", body: '{"input":"x"}' },
    { label: "input is null", body: '{"input":null}' },
    { label: "input is an array", body: `{"input":[${input}]}` },
    { label: "no input member", body: "{}" },
    { label: "body is an array", body: `[${bodyOf(base)}]` },
    { label: "body is a string", body: '"input"' },
    { label: "duplicate input members", body: `{"input":${input},"input":{"__proto__":{"polluted":true}}}` },
    { label: "__proto__ beside input", body: `{"__proto__":{"input":{}},"input":${input}}` },
    { label: "constructor beside input", body: `{"constructor":{"prototype":{"polluted":true}},"input":${input}}` },
    { label: "truncated JSON", body: bodyOf(base).slice(0, -1) },
    { label: "lone surrogate key in input", body: bodyOf([["\ud800", '"x"'], ...base]) },
  ];
}

function allStringsAtCap(base: Entries, properties: Record<string, JsonSchema>, seed: number): HostileCase {
  const capped = Object.entries(properties).filter(([, schema]) => typeof schema.maxLength === "number");
  // Mixed text can be up to 4 bytes a code point once UTF-8 encoded and escaped; keep the whole body in budget.
  const share = Math.floor(BODY_BUDGET / 6 / Math.max(1, capped.length));
  let entries = base;
  capped.forEach(([key, schema], index) => {
    const length = Math.min(schema.maxLength as number, share);
    entries = withField(entries, key, JSON.stringify(mixedText(length, seed + index)));
  });
  return { label: `every string field at its cap at once (${capped.map(([key]) => key).join(", ")})`, body: bodyOf(entries) };
}

function randomCases(fields: string[], properties: Record<string, JsonSchema>, example: Record<string, unknown>, seed: number, runs: number): HostileCase[] {
  const record = fc.record(
    Object.fromEntries(fields.map((field) => [field, fieldArbitrary(properties[field], example[field])])),
    { requiredKeys: [] },
  );
  const extraKey = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "extra");
  const extras = fc.array(fc.tuple(extraKey, fc.jsonValue({ maxDepth: 2 })), { maxLength: 2 });
  return fc.sample(fc.tuple(record, extras), { seed, numRuns: runs }).map(([values, extra], index) => {
    const entries: Entries = [...Object.entries(values), ...extra].map(([key, value]) => [key, JSON.stringify(value) ?? "null"]);
    return { label: `fast-check sample ${index} (seed ${seed})`, body: bodyOf(entries) };
  });
}

function fieldArbitrary(schema: JsonSchema | undefined, exampleValue: unknown): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constant(exampleValue ?? null), weight: 3 },
    { arbitrary: typedArbitrary(schema ?? {}), weight: 4 },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 32 }), weight: 1 },
  );
}

/** Values of the schema's own type, biased to its bounds (the costliest valid values). */
function typedArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const min = typeof schema.minimum === "number" ? schema.minimum : -(2 ** 31);
  const max = typeof schema.maximum === "number" ? schema.maximum : 2 ** 31;
  if (type === "integer") return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
  if (type === "number") return fc.oneof(fc.double({ min, max, noNaN: true }), fc.constantFrom(min, max));
  if (type === "boolean") return fc.boolean();
  if (type === "array") return fc.array(typedArbitrary((schema.items as JsonSchema) ?? {}), { maxLength: 5 });
  if (type === "object") return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
  if (type === "string") return stringArbitrary(schema);
  return fc.jsonValue({ maxDepth: 2 });
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(typeof schema.maxLength === "number" ? schema.maxLength : 64, 64);
  const free = fc.oneof(fc.string({ unit: "grapheme", maxLength }), fc.string({ unit: "binary", maxLength }));
  if (typeof schema.pattern !== "string") return free;
  try {
    return fc.oneof(fc.stringMatching(new RegExp(schema.pattern, "u")), free);
  } catch {
    return free;
  }
}
