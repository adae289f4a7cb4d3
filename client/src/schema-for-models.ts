/** A JSON Schema as the API serves it: an object, or a bare `true`/`false` below the top. */
export type JsonSchema = { readonly [keyword: string]: unknown };

const COMBINATORS = ["oneOf", "anyOf", "allOf"] as const;
/** Identifiers of the schema's own dialect: model APIs read the schema as their own dialect, so these only conflict. */
const DROPPED = new Set(["$schema", "$id"]);

/**
 * The tool's input schema in a form every model API accepts: a top-level `type: "object"` with `properties` and no
 * top-level `oneOf`/`anyOf`/`allOf`/`not`/`enum`/`const` (Anthropic and OpenAI refuse them), no bare `true`/`false`
 * subschema but `additionalProperties`' (`{}` / `{ "not": {} }` say the same), no `$schema`/`$id`. A top-level
 * combinator's alternatives are merged: their properties join the object's, `required` keeps what every alternative
 * requires, and the rule itself goes into the description as JSON. The server's 422 still enforces the exact rule.
 */
export function toModelSchema(schema: JsonSchema): { schema: JsonSchema; rule: string | undefined } {
  const top = rewrite(schema) as Record<string, unknown>;
  const rules: string[] = [];
  const properties: Record<string, unknown> = { ...(asObject(top.properties) ?? {}) };
  let required = new Set(Array.isArray(top.required) ? (top.required as string[]) : []);
  for (const name of COMBINATORS) {
    const alternatives = top[name];
    delete top[name];
    if (!Array.isArray(alternatives)) continue;
    // The rule is quoted as the server states it (with its booleans), so the model reads the exact constraint.
    rules.push(`${name} ${JSON.stringify(schema[name])}`);
    const branches = alternatives.map((alternative) => asObject(alternative) ?? {});
    for (const branch of branches) {
      for (const [property, sub] of Object.entries(asObject(branch.properties) ?? {})) {
        if (!(property in properties) && !isNever(sub)) properties[property] = sub;
      }
    }
    const requiredBy = branches.map((branch) => new Set(Array.isArray(branch.required) ? (branch.required as string[]) : []));
    // allOf: every branch holds, so each one's requirement stands; oneOf/anyOf: only what all of them require.
    const merged = name === "allOf" ? requiredBy.flatMap((set) => [...set]) : [...(requiredBy[0] ?? [])].filter((p) => requiredBy.every((set) => set.has(p)));
    required = new Set([...required, ...merged]);
  }
  for (const keyword of ["not", "enum", "const"]) {
    if (keyword in top) rules.push(`${keyword} ${JSON.stringify(schema[keyword])}`);
    delete top[keyword];
  }
  const result: Record<string, unknown> = { ...top, type: "object", properties };
  if (required.size > 0) result.required = [...required];
  else delete result.required;
  return { schema: result, rule: rules.length > 0 ? `Input must also match (JSON Schema): ${rules.join("; ")}` : undefined };
}

/** Every subschema rewritten: bare booleans as objects, dialect identifiers dropped. */
function rewrite(node: unknown): unknown {
  if (node === true) return {};
  if (node === false) return { not: {} };
  if (Array.isArray(node)) return node.map(rewrite);
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (DROPPED.has(keyword)) continue;
    // Data keywords (`enum`, `default`, `examples`, …) stay as written: a `true` there is a value, not a schema.
    out[keyword] = SUBSCHEMA_MAPS.has(keyword) ? mapValues(value, rewrite) : SUBSCHEMAS.has(keyword) ? rewrite(value) : value;
  }
  return out;
}

/**
 * Keywords whose value is one subschema or a list of them. `additionalProperties` is left as written: `false` there is
 * the form every API documents (OpenAI's strict mode requires it).
 */
const SUBSCHEMAS = new Set(["items", "additionalItems", "not", "if", "then", "else", "contains", "propertyNames", "oneOf", "anyOf", "allOf", "prefixItems", "unevaluatedProperties", "unevaluatedItems"]);
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAPS = new Set(["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"]);

function mapValues(value: unknown, map: (node: unknown) => unknown): unknown {
  const object = asObject(value);
  return object ? Object.fromEntries(Object.entries(object).map(([name, sub]) => [name, map(sub)])) : value;
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function isNever(sub: unknown): boolean {
  const object = asObject(sub);
  return object !== undefined && Object.keys(object).length === 1 && asObject(object.not) !== undefined && Object.keys(object.not as object).length === 0;
}
