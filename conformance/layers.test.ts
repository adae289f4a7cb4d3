import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { circlesOf, importGraphOf, loopThrough, specifiersOf } from "./testing/import-graph.ts";

const ROOT = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]);
}

/** What each inner layer may import: itself and layers further in; node:crypto only for hashing in the domain. */
const RULES: Record<string, (specifier: string, file: string) => boolean> = {
  domain: (s) => s === "node:crypto" || (s.startsWith(".") && !/\.\.\/(application|adapters)\//.test(s)),
  application: (s) => s.startsWith(".") && !/\.\.\/adapters\//.test(s),
};

describe("layers", () => {
  it.each(Object.keys(RULES))("%s/ imports no adapter and no framework", (layer) => {
    const files = sourceFiles(layer);
    expect(files.length).toBeGreaterThan(0);
    const offending = files.flatMap((file) => importsOf(file).filter((s) => !RULES[layer](s, file)).map((s) => `${file} → ${s}`));
    expect(offending).toEqual([]);
  });

  it("detects an outward import (the check itself can fail)", () => {
    expect(RULES.domain("h3", "domain/x.ts")).toBe(false);
    expect(RULES.domain("../adapters/http/app.ts", "domain/x.ts")).toBe(false);
    expect(RULES.application("keyv", "application/x.ts")).toBe(false);
    expect(RULES.application("../adapters/system.ts", "application/x.ts")).toBe(false);
    expect(RULES.application("../domain/result.ts", "application/x.ts")).toBe(true);
  });

  it("keeps inversify inside the composition root, where only container.ts loads it (tokens.ts names its types)", () => {
    const users = ["domain", "application", "adapters"].flatMap(sourceFiles).filter((file) => importsOf(file).includes("inversify"));
    expect(users).toEqual(["adapters/container.ts", "adapters/tokens.ts"]);
    expect(readFileSync(join(ROOT, "adapters/tokens.ts"), "utf8")).toMatch(/^import type \{[^}]*\} from "inversify";$/m);
  });
});

describe("import circles", () => {
  it("no source file imports itself back through a chain of imports, type-only ones included", () => {
    const graph = importGraphOf(ROOT);
    const circles = circlesOf(graph).map((circle) => `${circle.join(", ")}; e.g. ${loopThrough(graph, circle)}`);
    expect(circles).toEqual([]);
  });

  it("walks the whole tree and nothing built or installed", () => {
    const graph = importGraphOf(ROOT);
    expect(graph.size).toBeGreaterThan(500);
    expect([...graph.keys()].filter((file) => /(^|\/)(node_modules|dist)\//.test(file))).toEqual([]);
    expect(graph.get("adapters/container.ts")).toEqual(expect.arrayContaining(["adapters/tokens.ts", "adapters/bind-accounts.ts", "application/ports.ts"]));
  });

  it("finds each circle and one loop through it (the check itself can fail)", () => {
    const graph = new Map([["a", ["b", "e"]], ["b", ["c"]], ["c", ["a", "b"]], ["d", ["d"]], ["e", []], ["f", ["a"]]]);
    expect(circlesOf(graph)).toEqual([["a", "b", "c"], ["d"]]);
    expect(loopThrough(graph, ["a", "b", "c"])).toBe("a → b → c → a");
    expect(loopThrough(graph, ["d"])).toBe("d → d");
  });

  it("reads every form of import and re-export, and no string that merely looks like a path", () => {
    const text = [
      'import type { A } from "./a.ts";', 'import {\n  b,\n  type B,\n} from "./b.ts";', 'import "./c.ts";', 'import D, * as d from "./d.ts";',
      'export * from "./e.ts";', 'export type { F } from "./f.ts";', 'const g = await import("./g.ts");', 'type H = typeof import("./h.ts");',
      'export const path = "./not-an-import.ts";', 'const from = "./neither.ts";',
    ].join("\n");
    expect(specifiersOf(text).sort()).toEqual(["./a.ts", "./b.ts", "./c.ts", "./d.ts", "./e.ts", "./f.ts", "./g.ts", "./h.ts"]);
  });
});
