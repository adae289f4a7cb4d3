import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

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

  it("keeps inversify inside the composition root", () => {
    const users = ["domain", "application", "adapters"].flatMap(sourceFiles).filter((file) => importsOf(file).includes("inversify"));
    expect(users).toEqual(["adapters/container.ts"]);
  });
});
