import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** Relative path (with `/`) → the project files it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

// Installed packages and compiled output are not the project's source; client/dist is the client's build; .prof/
// (git-ignored, as in vitest.config.ts) holds local profiling scratch, another build's worktree among it.
const SKIPPED = new Set(["node_modules", ".git", "dist", "client/dist", ".prof"]);

// Static imports and re-exports (type-only ones too: a circle of types still ties the files' layout together),
// side-effect imports, and `import("…")` both as a call and as a type.
const STATIC = /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w$*{},\s]+?\s+from\s*)?["']([^"']+)["']/g;
const DYNAMIC = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Every `.ts` file under `root`, as a path relative to it with `/` separators. */
export function sourceFilesUnder(root: string, dir = ""): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(path) || entry.name === "node_modules" ? [] : sourceFilesUnder(root, path);
    return entry.isFile() && entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** The specifiers a TypeScript source text imports, in order of appearance per kind. */
export function specifiersOf(text: string): string[] {
  return [...text.matchAll(STATIC), ...text.matchAll(DYNAMIC)].map((match) => match[1]);
}

/** The project file a relative specifier names, or undefined for packages, JSON, .mjs and missing files. */
function resolveSpecifier(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(root, dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, ".ts"), `${base}.ts`, join(base, "index.ts")].filter((path) => path.endsWith(".ts"));
  const found = candidates.find((path) => existsSync(path) && !path.endsWith(sep));
  return found === undefined ? undefined : relative(root, found).split(sep).join("/");
}

/** The import graph of every `.ts` file under `root`, edges to project files only. */
export function importGraphOf(root: string): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const file of sourceFilesUnder(root)) {
    const targets = specifiersOf(readFileSync(join(root, file), "utf8")).map((s) => resolveSpecifier(root, file, s));
    graph.set(file, [...new Set(targets.filter((target): target is string => target !== undefined))]);
  }
  return graph;
}

/** Tarjan's strongly connected components that form a circle: two or more files, or one that imports itself. */
export function circlesOf(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return circles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** One shortest loop through a circle's first file, e.g. `a.ts → b.ts → a.ts`, to name where to cut. */
export function loopThrough(graph: ImportGraph, circle: readonly string[]): string {
  const start = circle[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const next of graph.get(queue[i]) ?? []) {
      if (next === start) {
        const path = [queue[i]];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0])!);
        return [...path, start].join(" → ");
      }
      if (circle.includes(next) && !cameFrom.has(next)) {
        cameFrom.set(next, queue[i]);
        queue.push(next);
      }
    }
  }
  return start;
}
