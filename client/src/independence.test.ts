import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = import.meta.dirname;

function shippedSources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
}

function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]);
}

/** A specifier the shipped client may use: a relative file that stays inside client/src. */
function staysInside(file: string, specifier: string): boolean {
  if (!specifier.startsWith(".")) return false;
  return !relative(SRC, resolve(dirname(join(SRC, file)), specifier)).startsWith("..");
}

describe("the shipped client", () => {
  it("imports nothing outside client/src: no server code, no package", () => {
    const files = shippedSources();
    expect(files).toContain("client.ts");
    const offending = files.flatMap((file) => importsOf(file).filter((s) => !staysInside(file, s)).map((s) => `${file} → ${s}`));
    expect(offending).toEqual([]);
  });

  it("declares no runtime dependency", () => {
    const manifest = JSON.parse(readFileSync(join(SRC, "../package.json"), "utf8"));
    expect([manifest.dependencies, manifest.peerDependencies]).toEqual([undefined, undefined]);
  });

  it("detects an escaping import (the check itself can fail)", () => {
    expect(staysInside("client.ts", "../../adapters/server.ts")).toBe(false);
    expect(staysInside("client.ts", "h3")).toBe(false);
    expect(staysInside("generated/openapi.ts", "../types.ts")).toBe(true);
  });
});
