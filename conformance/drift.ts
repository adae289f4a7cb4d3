import { existsSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
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

/**
 * What the served document is compared with, as the summary names it: "this checkout's" where the suite runs from
 * a git checkout of this project, else the installed package's own, by name and version (there is no checkout then).
 */
export function localDocumentName(moduleUrl: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!isPackageRoot(dir) && dirname(dir) !== dir) dir = dirname(dir);
  const manifest = isPackageRoot(dir) ? (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name: string; version?: string }) : undefined;
  if (manifest && existsSync(join(dir, ".git")) && !dir.split(sep).includes("node_modules")) return "this checkout's";
  return manifest ? `the one ${manifest.name} ${manifest.version ?? ""} builds`.replace(/ {2}/, " ") : "this version's";
}

function isPackageRoot(dir: string): boolean {
  const file = join(dir, "package.json");
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { name?: unknown }).name === "tool-execution-api";
  } catch {
    return false;
  }
}

/** The drift section of the summary; `local` names what the served document is compared with. */
export function formatDrift(drift: Drift, local: string = localDocumentName()): string[] {
  if (!hasDrift(drift)) return [`drift: none (the served document matches ${local})`];
  const section = (label: string, list: readonly string[]) => (list.length > 0 ? [`  ${label} (${list.length}): ${list.slice(0, 20).join(", ")}${list.length > 20 ? ", …" : ""}`] : []);
  return [
    `drift: the served document differs from ${local}`,
    ...section("operations added", drift.added),
    ...section("operations removed", drift.removed),
    ...section("schemas added", drift.addedSchemas),
    ...section("schemas removed", drift.removedSchemas),
    ...section("schemas changed", drift.changedSchemas),
  ];
}
