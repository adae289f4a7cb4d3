import { isRecord } from "../../adapters/http/openapi/json-schema-to-openapi.ts";

/** The formats gavel's validator (ajv 6, "fast" mode) knows; it refuses a whole schema naming any other. */
const AJV6_FORMATS = new Set(["date", "time", "date-time", "uri", "uri-reference", "uri-template", "url", "email", "hostname", "ipv4", "ipv6", "regex", "uuid", "json-pointer", "json-pointer-uri-fragment", "relative-json-pointer"]);
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "definitions", "dependencies"]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "items"]);
const SCHEMA_ONES = new Set(["items", "additionalProperties", "additionalItems", "not", "if", "then", "else", "contains", "propertyNames"]);

/**
 * A draft-07 JSON Schema (toJsonSchema's output) as gavel can use it: marked draft-07 (gavel guesses the draft
 * otherwise), without the formats ajv 6 does not know and without patterns that need the `u` flag (ajv 6
 * compiles without it, so `\p{L}` would mean the letter p). Both only loosen the schema.
 */
export function forGavel(schema: Record<string, unknown>): Record<string, unknown> {
  return { $schema: "http://json-schema.org/draft-07/schema#", ...loosened(schema) };
}

function loosened(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "format" && typeof value === "string" && !AJV6_FORMATS.has(value)) continue;
    if (keyword === "pattern" && typeof value === "string" && !compiles(value)) continue;
    if (SCHEMA_MAPS.has(keyword) && isRecord(value)) out[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, isRecord(sub) ? loosened(sub) : sub]));
    else if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) out[keyword] = value.map((sub) => (isRecord(sub) ? loosened(sub) : sub));
    else if (SCHEMA_ONES.has(keyword) && isRecord(value)) out[keyword] = loosened(value);
    else out[keyword] = value;
  }
  return out;
}

/** Whether ajv 6 reads `pattern` as meant: it compiles without the `u` flag, and no escape needs that flag. */
function compiles(pattern: string): boolean {
  if (/\\[pP]\{|\\u\{/.test(pattern)) return false;
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
