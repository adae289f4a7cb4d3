import { isRecord } from "../adapters/http/openapi/json-schema-to-openapi.ts";
import type { Document } from "./expectations.ts";

/** Where the served document differs from this checkout's. */
export interface Drift {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly changedSchemas: readonly string[];
  readonly addedSchemas: readonly string[];
  readonly removedSchemas: readonly string[];
}

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

function operations(document: Document): Set<string> {
  const out = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item ?? {})) if (METHODS.has(method)) out.add(`${method.toUpperCase()} ${path}`);
  }
  return out;
}

function schemas(document: Document): Record<string, unknown> {
  const components = isRecord(document.components) ? document.components : {};
  return isRecord(components.schemas) ? components.schemas : {};
}

/** Operations added or removed, and component schemas added, removed or changed (compared as canonical JSON). */
export function driftOf(served: Document, local: Document): Drift {
  const [servedOps, localOps] = [operations(served), operations(local)];
  const [servedSchemas, localSchemas] = [schemas(served), schemas(local)];
  const canonical = (value: unknown): string => JSON.stringify(value, (_key, member) => (isRecord(member) ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => a.localeCompare(b))) : member));
  return {
    added: [...servedOps].filter((op) => !localOps.has(op)).sort(),
    removed: [...localOps].filter((op) => !servedOps.has(op)).sort(),
    addedSchemas: Object.keys(servedSchemas).filter((name) => !(name in localSchemas)).sort(),
    removedSchemas: Object.keys(localSchemas).filter((name) => !(name in servedSchemas)).sort(),
    changedSchemas: Object.keys(servedSchemas).filter((name) => name in localSchemas && canonical(servedSchemas[name]) !== canonical(localSchemas[name])).sort(),
  };
}

export function hasDrift(drift: Drift): boolean {
  return Object.values(drift).some((list: readonly string[]) => list.length > 0);
}

/** The drift section of the summary. */
export function formatDrift(drift: Drift): string[] {
  if (!hasDrift(drift)) return ["drift: none (the served document matches this checkout's)"];
  const section = (label: string, list: readonly string[]) => (list.length > 0 ? [`  ${label} (${list.length}): ${list.slice(0, 20).join(", ")}${list.length > 20 ? ", …" : ""}`] : []);
  return [
    "drift: the served document differs from this checkout's",
    ...section("operations added", drift.added),
    ...section("operations removed", drift.removed),
    ...section("schemas added", drift.addedSchemas),
    ...section("schemas removed", drift.removedSchemas),
    ...section("schemas changed", drift.changedSchemas),
  ];
}
