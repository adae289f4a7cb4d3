import { isRecord } from "../../adapters/http/openapi/json-schema-to-openapi.ts";
import { resolvePointer } from "../../adapters/http/openapi/openapi-to-json-schema.ts";
import type { Document } from "../expectations.ts";

/**
 * Values the contract fixes where the document gives no example: the built-in catalog is always pack `core`
 * (shared/contract.md, GET /marketplace/packs).
 */
const CONTRACT_VALUES: Readonly<Record<string, Readonly<Record<string, string>>>> = { "/marketplace/packs/{id}": { id: "core" } };

/** The example a media type or parameter gives: `example`, else the first of `examples`, else undefined. */
export function exampleOf(served: Document, holder: Record<string, unknown>): unknown {
  if (holder.example !== undefined) return holder.example;
  if (!isRecord(holder.examples)) return undefined;
  for (const raw of Object.values(holder.examples)) {
    const example = isRecord(raw) && typeof raw.$ref === "string" ? resolvePointer(served, raw.$ref) : raw;
    if (isRecord(example) && example.value !== undefined) return example.value;
  }
  return undefined;
}

/**
 * `path` with each `{parameter}` replaced by a value the document gives (the parameter's example, its schema's
 * example, default or first enum member) or the contract fixes; or the reason it cannot be. A required query or
 * header parameter is such a reason too: the derived document sends none.
 */
export function fillPath(served: Document, path: string, item: Record<string, unknown>, operation: Record<string, unknown>): string | { problem: string } {
  const parameters = [...listOf(item.parameters), ...listOf(operation.parameters)].map((raw) => (typeof raw.$ref === "string" ? resolvePointer(served, raw.$ref) : raw));
  const extra = parameters.find((parameter) => parameter.in !== "path" && parameter.required === true);
  if (extra) return { problem: `it needs the ${String(extra.in)} parameter ${String(extra.name)}` };
  let filled = path;
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    const parameter = parameters.find((candidate) => candidate.in === "path" && candidate.name === name);
    const value = (parameter && valueOf(served, parameter)) ?? CONTRACT_VALUES[path]?.[name];
    if (value === undefined) return { problem: `its path parameter {${name}} has no example` };
    filled = filled.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  return filled;
}

function valueOf(served: Document, parameter: Record<string, unknown>): string | undefined {
  const schema = isRecord(parameter.schema) ? parameter.schema : {};
  const candidates = [exampleOf(served, parameter), schema.example, schema.default, Array.isArray(schema.enum) ? schema.enum[0] : undefined];
  const found = candidates.find((candidate) => typeof candidate === "string" || typeof candidate === "number");
  return found === undefined ? undefined : String(found);
}

function listOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}
