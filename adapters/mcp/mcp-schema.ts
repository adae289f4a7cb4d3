import type { JsonSchema } from "../../domain/tool.ts";

type Schema = Record<string, unknown>;

const COMBINATORS = ["oneOf", "anyOf", "allOf"] as const;
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
const ONE_SCHEMA = ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "additionalItems"];
/** Where a boolean is the ordinary form (OpenAI's strict mode asks for `additionalProperties: false`), kept as it is. */
const BOOLEAN_KEPT = new Set(["additionalProperties", "unevaluatedProperties"]);
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];

/**
 * A tool's input schema as MCP serves it, and the rule it leaves to the server's 422. Model APIs refuse a top-level
 * `oneOf`/`anyOf`/`allOf` (Anthropic: https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
 * "input_schema … does not support oneOf, allOf, or anyOf at the top level"), so the alternatives' properties are merged
 * into the object, `required` keeps what every alternative requires, and the alternatives are named in `rule`.
 * Everything below the top is cleaned by {@link strictSubschema}.
 */
export function mcpInputSchema(input: JsonSchema): { schema: Schema; rule: string | undefined } {
  const top: Schema = { ...(input as Schema) };
  const rules: string[] = [];
  const properties: Schema = { ...((top.properties as Schema | undefined) ?? {}) };
  const required = new Set<string>(Array.isArray(top.required) ? (top.required as string[]) : []);
  for (const combinator of COMBINATORS) {
    const alternatives = top[combinator];
    if (!Array.isArray(alternatives)) continue;
    delete top[combinator];
    rules.push(`${combinator === "allOf" ? "all" : combinator === "oneOf" ? "exactly one" : "at least one"} of ${JSON.stringify(alternatives)}`);
    for (const alternative of alternatives as unknown[]) {
      if (typeof alternative !== "object" || alternative === null) continue;
      for (const [name, sub] of Object.entries((alternative as Schema).properties ?? {})) if (!(name in properties)) properties[name] = sub === false ? {} : sub;
    }
    const each = (alternatives as unknown[]).map((alternative) => new Set(requiredOf(alternative)));
    const common = each.length === 0 ? [] : [...each[0]!].filter((name) => each.every((set) => set.has(name)));
    // allOf: every branch holds, so each branch's requirements are the object's.
    for (const name of combinator === "allOf" ? each.flatMap((set) => [...set]) : common) required.add(name);
  }
  const schema = strictSubschema({ ...top, type: "object", properties, ...(required.size > 0 ? { required: [...required] } : {}) }) as Schema;
  if (required.size === 0) delete schema.required;
  return { schema, rule: rules.length > 0 ? `Input rule (the server answers 422 otherwise): ${rules.join("; ")}.` : undefined };
}

function requiredOf(schema: unknown): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  const required = (schema as Schema).required;
  return Array.isArray(required) ? (required as string[]) : [];
}

/**
 * A subschema strict validators accept (MCP Inspector's `--strict`): a bare `true`/`false` becomes `{}` / `{"not":{}}`
 * (the same meaning, JSON Schema 2020-12 §4.3.2) except as `additionalProperties`/`unevaluatedProperties`, and a `type` array becomes an `anyOf` of single types next to the
 * other keywords (the same meaning, §6.1.1: the instance matches any of the listed types), the form OpenAI's and
 * Gemini's function schemas also accept. Values (`enum`, `const`, `default`, `examples`) are left as they are.
 */
export function strictSubschema(schema: unknown): unknown {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const out: Schema = { ...(schema as Schema) };
  for (const key of SCHEMA_MAPS) {
    const map = out[key];
    if (typeof map === "object" && map !== null) out[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, strictSubschema(sub)]));
  }
  for (const key of ONE_SCHEMA) if (key in out && !(BOOLEAN_KEPT.has(key) && typeof out[key] === "boolean")) out[key] = Array.isArray(out[key]) ? (out[key] as unknown[]).map(strictSubschema) : strictSubschema(out[key]);
  for (const key of SCHEMA_LISTS) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(strictSubschema);
  if (Array.isArray(out.type)) {
    const types = out.type as string[];
    delete out.type;
    if (types.length === 1) out.type = types[0];
    else {
      const byType = types.map((type) => ({ type }));
      // An existing anyOf must still hold: both go under allOf, which keeps the meaning.
      if (out.anyOf === undefined) out.anyOf = byType;
      else out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), { anyOf: byType }];
    }
  }
  return out;
}

/** MCP tool names model APIs accept (`^[a-zA-Z0-9_-]{1,64}$`): a pack tool's `.` becomes `__`, which no tool id holds. */
export function mcpToolName(toolId: string): string {
  return toolId.replaceAll(".", "__");
}

/** The tool id an MCP name stands for (inverse of {@link mcpToolName}). */
export function toolIdOf(mcpName: string): string {
  return mcpName.replaceAll("__", ".");
}
