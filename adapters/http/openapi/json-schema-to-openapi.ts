import type { JsonSchema } from "../../../domain/tool.ts";
import { maxPatternLength } from "./pattern-length.ts";

/** An OpenAPI 3.0 Schema Object (or a `$ref` to one). */
export type OpenApiSchema = { [keyword: string]: unknown };

/** Keywords OpenAPI 3.0 takes over from JSON Schema unchanged. */
const KEPT = new Set([
  "title", "description", "multipleOf", "maximum", "minimum", "maxLength", "minLength", "pattern", "maxItems",
  "minItems", "uniqueItems", "maxProperties", "minProperties", "format", "default", "readOnly", "writeOnly", "deprecated",
]);
const INT32 = 2 ** 31;

/**
 * Converts a tool's draft-07 schema into an OpenAPI 3.0 Schema Object. The result never rejects a value the
 * original accepts: keywords 3.0 lacks (`if`, `contains`, `dependencies` …) are dropped, which only loosens it;
 * the server keeps validating with the original.
 */
export function toOpenApiSchema(schema: JsonSchema | boolean, root: JsonSchema | boolean = schema): OpenApiSchema {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  if (typeof schema.$ref === "string") return toOpenApiSchema(resolveLocal(root, schema.$ref), root);
  const out: OpenApiSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    // `x-` keywords are specification extensions in both: OpenAPI 3.0 allows them on every Schema Object.
    if (KEPT.has(keyword) || keyword.startsWith("x-")) out[keyword] = structuredClone(value);
  }
  const convert = (sub: unknown) => toOpenApiSchema(sub as JsonSchema | boolean, root);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) out.example = structuredClone(schema.examples[0]);
  if ("const" in schema) out.enum = [structuredClone(schema.const)];
  if (Array.isArray(schema.enum)) out.enum = structuredClone(schema.enum);
  if (Array.isArray(schema.required) && schema.required.length > 0) out.required = [...schema.required];
  if (isRecord(schema.properties)) out.properties = mapValues(schema.properties, convert);
  convertAdditional(schema, out, convert);
  convertItems(schema, out, convert);
  for (const key of ["allOf", "anyOf", "oneOf"] as const) {
    if (Array.isArray(schema[key])) out[key] = (schema[key] as unknown[]).map(convert);
  }
  if (schema.not !== undefined) out.not = convert(schema.not);
  convertExclusive(schema, out);
  narrowBranches(out);
  return applyType(schema.type, out);
}

/**
 * A branch of oneOf/anyOf that re-declares a member also gets the parent's constraints on it (the value must
 * meet both anyway), so every schema of that member states its cap.
 */
function narrowBranches(out: OpenApiSchema): void {
  const parent = out.properties as Record<string, OpenApiSchema> | undefined;
  if (!parent) return;
  for (const key of ["oneOf", "anyOf"] as const) {
    for (const branch of (out[key] as OpenApiSchema[] | undefined) ?? []) {
      if (!isRecord(branch.properties)) continue;
      for (const [name, sub] of Object.entries(branch.properties)) {
        // Not the default: it is no constraint, and inside an alternative it would never apply.
        const { default: _default, ...constraints } = parent[name] ?? {};
        // A branch that states its own type without null narrows a nullable parent: the value meets both.
        if (isRecord(sub) && sub.type !== undefined && sub.nullable !== true) delete constraints.nullable;
        if (parent[name] && isRecord(sub)) branch.properties[name] = { ...constraints, ...sub };
      }
    }
  }
}

function convertAdditional(schema: JsonSchema, out: OpenApiSchema, convert: (sub: unknown) => OpenApiSchema): void {
  const patterns = isRecord(schema.patternProperties) ? Object.values(schema.patternProperties) : [];
  if (patterns.length > 0) {
    // 3.0 has no patternProperties: extra members may then be anything a pattern allows.
    out.additionalProperties = patterns.length === 1 ? convert(patterns[0]) : { anyOf: patterns.map(convert) };
  } else if (schema.additionalProperties !== undefined) {
    const additional = schema.additionalProperties;
    out.additionalProperties = typeof additional === "boolean" ? additional : convert(additional);
  }
}

function convertItems(schema: JsonSchema, out: OpenApiSchema, convert: (sub: unknown) => OpenApiSchema): void {
  if (Array.isArray(schema.items)) {
    // A tuple: 3.0 has one schema for every item, so any position may hold any of the tuple's types.
    const variants = schema.items.map(convert);
    if (schema.additionalItems !== undefined && schema.additionalItems !== false) variants.push(convert(schema.additionalItems));
    out.items = variants.length === 1 ? variants[0] : { anyOf: variants };
    if (schema.additionalItems === false && out.maxItems === undefined) out.maxItems = schema.items.length;
  } else if (schema.items !== undefined) {
    out.items = convert(schema.items);
  }
}

/** draft-06+ `exclusiveMinimum: n` is 3.0's `minimum: n, exclusiveMinimum: true`. */
function convertExclusive(schema: JsonSchema, out: OpenApiSchema): void {
  for (const [exclusive, bound, stricter] of [["exclusiveMinimum", "minimum", Math.max], ["exclusiveMaximum", "maximum", Math.min]] as const) {
    const value = schema[exclusive];
    if (typeof value !== "number") continue;
    const inclusive = typeof schema[bound] === "number" ? (schema[bound] as number) : undefined;
    if (inclusive !== undefined && stricter(inclusive, value) === inclusive && inclusive !== value) continue;
    out[bound] = value;
    out[exclusive] = true;
  }
}

/** 3.0 allows one `type`: a union becomes `anyOf`, and `null` becomes `nullable`. */
function applyType(type: unknown, out: OpenApiSchema): OpenApiSchema {
  const types = (Array.isArray(type) ? type : type === undefined ? [] : [type]) as string[];
  const nullable = types.includes("null");
  const concrete = types.filter((name) => name !== "null");
  if (concrete.length === 1) {
    out.type = concrete[0];
    if (nullable) out.nullable = true;
    if (concrete[0] === "integer" && out.format === undefined) out.format = integerFormat(out);
    if (concrete[0] === "string" && out.maxLength === undefined && typeof out.pattern === "string") {
      const longest = maxPatternLength(out.pattern);
      if (longest !== undefined) out.maxLength = longest;
    }
    // 3.0 requires `items` on every array schema; JSON Schema's default is "anything".
    if (concrete[0] === "array" && out.items === undefined) out.items = {};
    return out;
  }
  if (concrete.length > 1) {
    // Each branch takes the keywords of its own type, so every branch states its own caps.
    const branches = concrete.map((name) => {
      const branch: OpenApiSchema = { type: name, ...(nullable ? { nullable: true } : {}) };
      for (const keyword of TYPE_KEYWORDS[name] ?? []) if (out[keyword] !== undefined) branch[keyword] = out[keyword];
      return withFormat(branch);
    });
    const rest = Object.fromEntries(Object.entries(out).filter(([keyword]) => !ALL_TYPE_KEYWORDS.has(keyword)));
    return rest.anyOf ? { allOf: [{ anyOf: branches }, rest] } : { ...rest, anyOf: branches };
  }
  if (nullable) return { ...out, type: "object", nullable: true, enum: [null] };
  return out;
}

/** Keywords that only constrain values of one type. */
const NUMERIC = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
const TYPE_KEYWORDS: Record<string, readonly string[]> = {
  string: ["maxLength", "minLength", "pattern", "format"],
  number: NUMERIC,
  integer: NUMERIC,
  array: ["items", "maxItems", "minItems", "uniqueItems"],
  object: ["properties", "required", "additionalProperties", "maxProperties", "minProperties"],
};
const ALL_TYPE_KEYWORDS = new Set(Object.values(TYPE_KEYWORDS).flat());

function withFormat(branch: OpenApiSchema): OpenApiSchema {
  if (branch.type === "array" && branch.items === undefined) return { ...branch, items: {} };
  if (branch.type === "string" && branch.maxLength === undefined && typeof branch.pattern === "string") {
    const longest = maxPatternLength(branch.pattern);
    if (longest !== undefined) return { ...branch, maxLength: longest };
  }
  return branch.type === "integer" ? { ...branch, format: integerFormat(branch) } : branch;
}

/** JSON numbers here are JavaScript doubles; a bounded integer that fits 32 bits says so. */
function integerFormat(schema: OpenApiSchema): string {
  const values = Array.isArray(schema.enum) ? schema.enum.filter((value) => typeof value === "number") : [schema.minimum, schema.maximum];
  return values.length > 0 && values.every((value) => typeof value === "number" && value >= -INT32 && value < INT32) ? "int32" : "int64";
}

function resolveLocal(root: JsonSchema | boolean, ref: string): JsonSchema | boolean {
  if (!ref.startsWith("#")) throw new Error(`only local $ref is supported, got ${ref}`);
  let node: unknown = root;
  for (const raw of ref.slice(1).split("/").filter(Boolean)) {
    const segment = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    node = isRecord(node) ? node[segment] : undefined;
  }
  if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  return node as JsonSchema | boolean;
}

function mapValues(record: Record<string, unknown>, fn: (value: unknown) => OpenApiSchema): Record<string, OpenApiSchema> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
