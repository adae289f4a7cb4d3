import type { ErrorObject } from "ajv";

/** At most this many allowed values are listed; a longer enum ends with "… (N in all)". */
export const MAX_LISTED_VALUES = 20;
/** The list of allowed values stops before a message passes this length, so no cap cuts it mid-value. */
const MAX_LIST_CHARS = 240;

const ARTICLE: Record<string, string> = {
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
  null: "null",
};

/** A value as a message names it: plain strings bare where that cannot mislead, anything else as JSON. */
export function showValue(value: unknown): string {
  return typeof value === "string" && /^[^\s,"…]+$/u.test(value) ? value : JSON.stringify(value);
}

/** "md5, sha1, sha256": the allowed values, the first ones only when they are many or long. */
export function listValues(values: readonly unknown[]): string {
  const shown: string[] = [];
  let length = 0;
  for (const value of values.slice(0, MAX_LISTED_VALUES)) {
    const text = showValue(value);
    if (shown.length > 0 && length + text.length + 2 > MAX_LIST_CHARS) break;
    shown.push(text);
    length += text.length + 2;
  }
  return shown.length < values.length ? `${shown.join(", ")}, … (${values.length} in all)` : shown.join(", ");
}

/**
 * A message that says what the value must be, from the error's params (ajv's own texts name no allowed values:
 * "must be equal to one of the allowed values"). Keywords without a better text keep ajv's.
 */
export function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "enum":
      return `must be one of ${listValues(params.allowedValues as unknown[])}`;
    case "const":
      return `must be ${showValue(params.allowedValue)}`;
    case "pattern":
      return `must match the pattern ${String(params.pattern)}`;
    case "type":
      return `must be ${typesOf(params.type)}`;
    case "format":
      return `must be a valid ${String(params.format)}`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `must be ${COMPARISON[String(params.comparison)] ?? String(params.comparison)} ${String(params.limit)}`;
    case "minLength":
    case "maxLength":
      return `must have ${error.keyword === "minLength" ? "at least" : "at most"} ${count(params.limit, "character")}`;
    case "minItems":
    case "maxItems":
      return `must have ${error.keyword === "minItems" ? "at least" : "at most"} ${count(params.limit, "item")}`;
    case "minProperties":
    case "maxProperties":
      return `must have ${error.keyword === "minProperties" ? "at least" : "at most"} ${count(params.limit, "member")}`;
    case "multipleOf":
      return `must be a multiple of ${String(params.multipleOf)}`;
    case "uniqueItems":
      return `must not repeat an item (items ${String(params.j)} and ${String(params.i)} are equal)`;
    case "dependencies":
      return `must have ${String(params.deps)} when ${String(params.property)} is present`;
    case "oneOf":
      return Array.isArray(params.passingSchemas) ? "must match only one of the alternatives, but matches several" : "must match one of the alternatives";
    case "anyOf":
      return "must match one of the alternatives";
    case "false schema":
      return "is not allowed together with the other members given";
    default:
      return error.message ?? "is invalid";
  }
}

const COMPARISON: Record<string, string> = { ">=": "at least", "<=": "at most", ">": "greater than", "<": "less than" };

function typesOf(type: unknown): string {
  const names = (Array.isArray(type) ? type : String(type).split(",")).map(String);
  return names.map((name) => ARTICLE[name] ?? name).join(" or ");
}

function count(limit: unknown, noun: string): string {
  return `${String(limit)} ${noun}${limit === 1 ? "" : "s"}`;
}

/**
 * The errors worth showing. A failed `oneOf`/`anyOf` reports every alternative's errors; only the alternative the
 * value came closest to is kept (one that failed on no `const`/`enum`, i.e. whose variant the value names, with
 * the fewest errors). A failed `if` is explained by its `then`/`else` errors, so it is dropped where they are.
 */
export function relevantErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  const merged = new Map<ErrorObject, ErrorObject>();
  const compounds = errors.filter((error) => error.keyword === "oneOf" || error.keyword === "anyOf").sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const compound of compounds) {
    if (dropped.has(compound)) continue;
    const branches = branchesOf(errors, compound.schemaPath);
    if (branches.size === 0) continue;
    if (allTypeErrorsAt(branches, compound.instancePath)) {
      for (const branch of branches.values()) for (const error of branch) dropped.add(error);
      const types = [...branches.values()].flatMap((branch) => branch.map((error) => error.params.type as unknown));
      merged.set(compound, { ...compound, keyword: "type", params: { type: [...new Set(types.flat())] } });
      continue;
    }
    const best = [...branches.values()].sort((a, b) => score(a) - score(b))[0];
    dropped.add(compound);
    for (const branch of branches.values()) if (branch !== best) for (const error of branch) dropped.add(error);
  }
  for (const error of errors) {
    if (error.keyword !== "if") continue;
    const stem = error.schemaPath.slice(0, -"/if".length);
    if (errors.some((other) => other.schemaPath.startsWith(`${stem}/then/`) || other.schemaPath.startsWith(`${stem}/else/`))) dropped.add(error);
  }
  return errors.filter((error) => !dropped.has(error)).map((error) => merged.get(error) ?? error);
}

/** A union of types written as alternatives (`anyOf: [{type: string}, {type: array}]`) reads as one type error. */
function allTypeErrorsAt(branches: Map<string, ErrorObject[]>, instancePath: string): boolean {
  return [...branches.values()].every((branch) => branch.every((error) => error.keyword === "type" && error.instancePath === instancePath));
}

function branchesOf(errors: readonly ErrorObject[], schemaPath: string): Map<string, ErrorObject[]> {
  const branches = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    if (!error.schemaPath.startsWith(`${schemaPath}/`)) continue;
    const index = error.schemaPath.slice(schemaPath.length + 1).split("/")[0];
    branches.set(index, [...(branches.get(index) ?? []), error]);
  }
  return branches;
}

function score(branch: readonly ErrorObject[]): number {
  const namesOtherVariant = branch.some((error) => error.keyword === "const" || error.keyword === "enum");
  return (namesOtherVariant ? 1000 : 0) + branch.length;
}
