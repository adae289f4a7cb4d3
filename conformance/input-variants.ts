import fc from "fast-check";
import { generateSync } from "json-schema-faker";
import { isRecord } from "../adapters/http/openapi/json-schema-to-openapi.ts";
import { isValidAgainst } from "./response-check.ts";

/** One generated input and what it exercises. */
export interface Variant {
  readonly kind: string;
  readonly input: unknown;
  readonly valid: boolean;
}

type Schema = Record<string, unknown>;

/** Members whose valid values the schema cannot describe (`x-tool-checks`), and the documented example inputs. */
export interface CheckedMembers {
  /** Paths of member names, `*` for any array item. */
  readonly members: readonly (readonly string[])[];
  readonly examples: readonly unknown[];
}
const INVALID_KINDS = ["required-missing", "wrong-type", "past-bound", "outside-enum", "extra-property"] as const;

/**
 * Schema-valid inputs from json-schema-faker (optional members dropped, all of them present, enum values and
 * numeric/length boundaries), then schema-invalid ones made by breaking one member, chosen by fast-check. Every
 * variant is checked against the schema with ajv and dropped if it is not what it claims to be. Same seed, same list.
 */
export function variantsOf(schema: Schema, seed: number, checked?: CheckedMembers): Variant[] {
  const source = checked ? pinnedToExamples(schema, checked) : schema;
  const valid = validVariants(source, seed).filter((variant) => safely(() => isValidAgainst(schema, variant.input)));
  const base = valid.find((variant) => variant.kind === "all-members")?.input ?? valid[0]?.input ?? {};
  const invalid = invalidVariants(schema, base, seed).filter((variant) => !safely(() => isValidAgainst(schema, variant.input)));
  // Interleaved, so a small budget still covers both sides.
  const out: Variant[] = [];
  for (let index = 0; index < Math.max(valid.length, invalid.length); index++) out.push(...[valid[index], invalid[index]].filter((v): v is Variant => v !== undefined));
  return out;
}

function safely(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

function fake(schema: Schema, seed: number, options: { optionalsProbability?: number; alwaysFakeOptionals?: boolean }): unknown {
  try {
    return generateSync(clamped(schema) as never, { seed, ...options });
  } catch {
    return undefined;
  }
}

/**
 * The schema with string and array caps lowered to small sizes (never below a minimum): json-schema-faker's cost
 * grows with `maxLength` (seconds for a 5 MiB cap), and small values exercise the same paths.
 */
function clamped(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clamped);
  if (!isRecord(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === "enum" || key === "const" || key === "default" ? value : clamped(value);
  for (const [cap, floor, small] of [["maxLength", "minLength", 64], ["maxItems", "minItems", 8], ["maxProperties", "minProperties", 8]] as const) {
    if (typeof out[cap] === "number") out[cap] = Math.min(out[cap] as number, Math.max(small, typeof out[floor] === "number" ? (out[floor] as number) : 0));
  }
  if (out.type === "string" && out.maxLength === undefined && out.pattern === undefined && out.format === undefined && out.enum === undefined) out.maxLength = 64;
  return out;
}

function validVariants(schema: Schema, seed: number): Variant[] {
  const variants: Variant[] = [];
  const minimal = fake(schema, seed, { optionalsProbability: 0 });
  const full = fake(schema, seed + 1, { alwaysFakeOptionals: true });
  if (minimal !== undefined) variants.push({ kind: "optional-members-dropped", input: minimal, valid: true });
  if (full !== undefined) variants.push({ kind: "all-members", input: full, valid: true });
  if (isRecord(full)) {
    for (const [name, member] of Object.entries(propertiesOf(schema))) {
      for (const [kind, value] of boundaryValues(member)) variants.push({ kind: `${kind} ${name}`, input: { ...full, [name]: value }, valid: true });
    }
  }
  return variants;
}

/** Enum values and the edges of numeric and length ranges a member allows. */
function boundaryValues(member: Schema): [string, unknown][] {
  const out: [string, unknown][] = [];
  if (Array.isArray(member.enum)) for (const value of member.enum) out.push(["enum value of", value]);
  for (const bound of ["minimum", "maximum"] as const) if (typeof member[bound] === "number") out.push([`${bound} of`, member[bound]]);
  const pad = (length: number) => "a".repeat(length);
  if (typeof member.minLength === "number") out.push(["shortest", pad(member.minLength)]);
  if (typeof member.maxLength === "number" && member.maxLength <= 4096) out.push(["longest", pad(member.maxLength)]);
  return out;
}

function propertiesOf(schema: Schema): Record<string, Schema> {
  return isRecord(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
}

function invalidVariants(schema: Schema, base: unknown, seed: number): Variant[] {
  if (!isRecord(base)) return [{ kind: "wrong-type input", input: "not-an-object", valid: false }];
  const names = Object.keys(propertiesOf(schema));
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const [order, pick] = fc.sample(fc.tuple(fc.shuffledSubarray([...INVALID_KINDS], { minLength: INVALID_KINDS.length }), fc.nat()), { seed, numRuns: 1 })[0];
  const out: Variant[] = [];
  for (const kind of order) {
    const variant = breakOne(kind, schema, base, names, required, pick);
    if (variant) out.push(variant);
  }
  return out;
}

function breakOne(kind: (typeof INVALID_KINDS)[number], schema: Schema, base: Record<string, unknown>, names: string[], required: string[], pick: number): Variant | undefined {
  const choose = <T>(list: readonly T[]) => list[pick % list.length];
  const members = propertiesOf(schema);
  const withValue = (name: string, value: unknown) => ({ kind: `${kind} ${name}`, input: { ...base, [name]: value }, valid: false });
  if (kind === "required-missing" && required.length > 0) {
    const name = choose(required);
    const { [name]: _dropped, ...rest } = base;
    return { kind: `${kind} ${name}`, input: rest, valid: false };
  }
  if (kind === "wrong-type" && names.length > 0) {
    const name = choose(names);
    return withValue(name, members[name].type === "string" ? 12345 : "not-the-documented-type");
  }
  if (kind === "past-bound") {
    const bounded = names.filter((name) => typeof members[name].maximum === "number" || (typeof members[name].maxLength === "number" && (members[name].maxLength as number) < 100_000));
    if (bounded.length === 0) return undefined;
    const name = choose(bounded);
    const member = members[name];
    return withValue(name, typeof member.maximum === "number" ? member.maximum + 1 : "a".repeat((member.maxLength as number) + 1));
  }
  if (kind === "outside-enum") {
    const enumerated = names.filter((name) => Array.isArray(members[name].enum));
    return enumerated.length > 0 ? withValue(choose(enumerated), "x-conformance-not-in-enum") : undefined;
  }
  if (kind === "extra-property" && schema.additionalProperties === false) return withValue("x-conformance-extra", true);
  return undefined;
}

/**
 * The schema with each checked member narrowed to the values the examples give it (random JSON text or cron
 * expressions would only exercise the refusal); an optional member no example sets is left out.
 */
function pinnedToExamples(schema: Schema, { members, examples }: CheckedMembers): Schema {
  const out = structuredClone(schema);
  for (const segments of members) {
    const values = [...new Map(examples.flatMap((example) => valuesAt(example, segments)).map((value) => [JSON.stringify(value), value])).values()];
    const parent = segments.slice(0, -1).reduce<Schema | undefined>((node, segment) => childOf(node, segment), out);
    const last = segments.at(-1);
    if (!parent || last === undefined) continue;
    if (values.length > 0) replaceChild(parent, last, { enum: values });
    else if (last !== "*" && isRecord(parent.properties) && !(Array.isArray(parent.required) && parent.required.includes(last))) delete parent.properties[last];
  }
  return out;
}

function childOf(node: Schema | undefined, segment: string): Schema | undefined {
  if (!node) return undefined;
  const child = segment === "*" ? node.items : isRecord(node.properties) ? node.properties[segment] : undefined;
  return isRecord(child) ? child : undefined;
}

function replaceChild(parent: Schema, segment: string, replacement: Schema): void {
  if (segment === "*") parent.items = replacement;
  else if (isRecord(parent.properties)) parent.properties[segment] = replacement;
}

function valuesAt(value: unknown, segments: readonly string[]): unknown[] {
  if (segments.length === 0) return value === undefined ? [] : [value];
  const [head, ...rest] = segments;
  if (head === "*") return Array.isArray(value) ? value.flatMap((item) => valuesAt(item, rest)) : [];
  return isRecord(value) && head in value ? valuesAt(value[head], rest) : [];
}
