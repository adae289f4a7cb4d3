import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { resolve as resolveModule } from "import-meta-resolve";
import { checkPackShape, installPack, type InstalledPack, type ToolPack } from "../../domain/tool-pack.ts";
import { createAjv } from "../tools/ajv-schema-validator.ts";

/** A pack that cannot be installed: a configuration error that stops the server at start (exit 78). */
export class PackLoadError extends Error {
  constructor(readonly specifier: string, reason: string) {
    super(`Tool pack "${specifier}" cannot be installed: ${reason}`);
    this.name = "PackLoadError";
  }
}

/** Splits TOOL_PACKS: comma-separated module specifiers, blanks ignored. */
export function parsePackList(raw: string | undefined): string[] {
  return (raw ?? "").split(",").map((part) => part.trim()).filter((part) => part.length > 0);
}

/** Loads, checks and installs every pack, in order; throws PackLoadError naming the first bad pack. */
/** An installed pack and the module it came from (tool processes load the same module). */
export type LoadedPack = InstalledPack & { readonly moduleUrl: string };

export async function loadPacks(specifiers: readonly string[], root = process.cwd()): Promise<LoadedPack[]> {
  const installed: LoadedPack[] = [];
  for (const specifier of specifiers) {
    const pack = await loadPack(specifier, root);
    const clash = installed.find((other) => other.id === pack.id);
    if (clash) throw new PackLoadError(specifier, `its id "${pack.id}" is already taken by another installed pack`);
    installed.push(pack);
  }
  return installed;
}

async function loadPack(specifier: string, root: string): Promise<LoadedPack> {
  let module: { default?: unknown };
  let moduleUrl: string;
  try {
    moduleUrl = resolveSpecifier(specifier, root);
  } catch (error) {
    throw new PackLoadError(specifier, `the module cannot be found from ${root} (${(error as Error).message})`);
  }
  try {
    module = (await import(moduleUrl)) as { default?: unknown };
  } catch (error) {
    throw new PackLoadError(specifier, `the module does not load (${(error as Error).message})`);
  }
  const problems = checkPackShape(module.default);
  if (problems.length > 0) throw new PackLoadError(specifier, problems.join("; "));
  const pack = module.default as ToolPack;
  const ajv = createAjv();
  for (const tool of pack.tools) {
    for (const side of ["input", "output"] as const) {
      try {
        ajv.compile(tool[side]);
      } catch (error) {
        throw new PackLoadError(specifier, `tool "${tool.id}" has a bad ${side} schema (${(error as Error).message})`);
      }
    }
  }
  return { ...installPack(pack), moduleUrl };
}

/**
 * The URL `import()` loads for `specifier`, by Node's ES module rules (a package's `exports` with the `import`
 * condition, as a pack is an ES module): an npm package name from `root`'s node_modules, a path (./…, ../…, /…) from
 * `root`; a directory through its package.json.
 */
export function resolveSpecifier(specifier: string, root: string): string {
  if (!/^(\.{1,2}\/|\/)/.test(specifier)) return resolveModule(specifier, pathToFileURL(join(root, "package.json")).href);
  const path = resolve(root, specifier);
  return existsSync(path) && statSync(path).isDirectory() ? directoryEntry(path) : pathToFileURL(path).href;
}

/** A directory's entry: its package's own `exports` (resolved as the package importing itself), else `main`, else index. */
function directoryEntry(dir: string): string {
  const manifest = join(dir, "package.json");
  if (existsSync(manifest)) {
    const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown; exports?: unknown; main?: unknown };
    if (typeof pkg.name === "string" && pkg.exports !== undefined) return resolveModule(pkg.name, pathToFileURL(manifest).href);
    if (typeof pkg.main === "string") return pathToFileURL(join(dir, pkg.main)).href;
  }
  const index = ["index.js", "index.mjs", "index.ts"].find((name) => existsSync(join(dir, name))) ?? "index.js";
  return pathToFileURL(join(dir, index)).href;
}
